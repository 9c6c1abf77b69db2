/**
 * The "Sign in with the provider" popup (decisions: a standard OpenID Connect popup). The
 * server starts the request (`POST /api/auth/provider/start`: state, nonce, authorization
 * URL, and a cookie binding them to this browser); the popup goes to the issuer, which sends
 * it back to our /auth/provider-callback page, which hands the token to this window with
 * postMessage. Only a message from our own origin, from that popup, with the request's state
 * and an ID token carrying its nonce is passed on; the server checks state and nonce again
 * against its cookie and verifies the token's signature, issuer, audience and expiry.
 */
import { callApi, createApiClient } from "../../utils/api-client";

export const PROVIDER_MESSAGE_TYPE = "quiz:provider-callback";
export const PROVIDER_START_URL = "/api/auth/provider/start";

/** What the server answers when the popup starts. */
export interface ProviderStart {
  authorizationUrl: string;
  state: string;
  nonce: string;
}

/** Asks the server for a new sign-in request; null when it cannot start one. */
export async function startProviderRequest(fetcher: typeof fetch = fetch): Promise<ProviderStart | null> {
  const answer = await callApi(() => createApiClient(fetcher).auth.provider.start.$post());
  if (!answer.ok) return null;
  // The popup is sent to this URL: check the shape even of our own answer (a proxy may answer 200 with anything).
  const { authorizationUrl, state, nonce } = answer.data;
  return typeof authorizationUrl === "string" && typeof state === "string" && typeof nonce === "string" ? { authorizationUrl, state, nonce } : null;
}

/** What the callback page found in its URL (fragment first, then the query string). */
export interface CallbackResult {
  idToken: string | null;
  state: string | null;
  error: string | null;
}

export function parseCallback(hash: string, search = ""): CallbackResult {
  const fragment = new URLSearchParams(hash.replace(/^#/, ""));
  const query = new URLSearchParams(search.replace(/^\?/, ""));
  const read = (name: string) => fragment.get(name) ?? query.get(name);
  return {
    idToken: read("id_token"),
    state: read("state"),
    error: read("error_description") ?? read("error"),
  };
}

/** The claims of a JWT, without verifying it (the server verifies); null if malformed. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(part.length / 4) * 4, "=");
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === "object" && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export interface ProviderMessage {
  type: typeof PROVIDER_MESSAGE_TYPE;
  idToken: string | null;
  state: string | null;
  error: string | null;
}

export interface ExpectedMessage {
  /** Our own origin: the callback page that posts the message is served by us. */
  origin: string;
  /** The popup window we opened (the message must come from it). */
  source: unknown;
  state: string;
  nonce: string;
}

export type AcceptedMessage = { ok: true; idToken: string } | { ok: false; error: string };

/**
 * Checks a `message` event from the popup. Returns null for anything that is not our
 * callback's answer to this very request (other windows, other origins, old popups), so the
 * listener simply ignores it; otherwise the token or the reason it was refused.
 */
export function acceptProviderMessage(
  event: { origin: string; source: unknown; data: unknown },
  expected: ExpectedMessage,
): AcceptedMessage | null {
  if (event.origin !== expected.origin) return null;
  if (expected.source && event.source !== expected.source) return null;
  const data = event.data as Partial<ProviderMessage> | null;
  if (!data || typeof data !== "object" || data.type !== PROVIDER_MESSAGE_TYPE) return null;
  if (data.state !== expected.state) return null;
  if (data.error) return { ok: false, error: data.error };
  if (!data.idToken) return { ok: false, error: "missing-token" };
  const claims = decodeJwtPayload(data.idToken);
  if (!claims || claims.nonce !== expected.nonce) return { ok: false, error: "nonce-mismatch" };
  return { ok: true, idToken: data.idToken };
}

/** Window features that centre a popup of the given size over the current window. */
export function popupFeatures(
  screen: { left: number; top: number; width: number; height: number },
  width = 500,
  height = 650,
): string {
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}
