import { parse, serialize } from "hono/utils/cookie";
import { sha256Hex } from "../../../../db/hash";
import type { AppConfig } from "../../core/config";
import { type PurposeToken, readPurposeToken, signPurposeToken } from "../../core/purpose-token";
import { crossSiteCookieOptions } from "./frame-cookies";
import { refuse } from "./refusals";

/**
 * The OIDC `state` and `nonce` of a login (IMS Security 1.0 §5.1.1.1 and §5.1.1.3). The state
 * is a short-lived token signed for this purpose only (core/purpose-token.ts), carrying the platform, the nonce sent and the login's own
 * parameters: no table row per login, and a launch whose cookies were blocked can restart
 * the login at top level from it (launch-pages.ts). It is bound to the browser by a cookie
 * whose name and value are the state's SHA-256: a state taken from another browser arrives
 * without it and is refused.
 */
export const STATE_TTL_SECONDS = 600;
const STATE_TOKEN: PurposeToken = { purpose: "lti-state", ttlSeconds: STATE_TTL_SECONDS, maxLength: 4096 };
const STATE_COOKIE_PREFIX = "quiz_lti_state_";

export interface LoginRequest {
  iss: string;
  loginHint: string;
  targetLinkUri: string;
  ltiMessageHint?: string;
  clientId?: string;
  deploymentId?: string;
}

export interface LoginState extends LoginRequest {
  platformId: number;
  nonce: string;
}

export function randomValue(bytes = 32): string {
  const random = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...random)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function signState(config: Pick<AppConfig, "jwtSecret">, state: LoginState, now: Date): Promise<string> {
  return signPurposeToken(config, STATE_TOKEN, state, now, randomValue(12));
}

/** The state's contents when it is ours and unexpired (whatever the browser). */
export async function readState(config: Pick<AppConfig, "jwtSecret">, state: string, now: Date): Promise<LoginState> {
  const login = await readPurposeToken<LoginState>(config, STATE_TOKEN, state, now);
  if (login === null || login === "expired") return refuse("LTI_STATE_MISMATCH", "state not ours, expired or too long");
  return login;
}

async function cookieOfState(state: string): Promise<{ name: string; value: string }> {
  const hash = await sha256Hex(state);
  return { name: `${STATE_COOKIE_PREFIX}${hash.slice(0, 16)}`, value: hash };
}

export async function stateCookieHeader(config: Pick<AppConfig, "secureCookies">, state: string): Promise<string> {
  const { name, value } = await cookieOfState(state);
  return serialize(name, value, crossSiteCookieOptions(config, STATE_TTL_SECONDS));
}

export async function clearStateCookieHeader(config: Pick<AppConfig, "secureCookies">, state: string): Promise<string> {
  const { name } = await cookieOfState(state);
  return serialize(name, "", crossSiteCookieOptions(config, 0));
}

/**
 * Whether this browser holds the state's cookie: "bound" when it does, "blocked" when the
 * browser sent no state cookie at all (a frame whose third-party cookies are refused: the
 * new-window fallback), "other" when it holds others but not this one (another browser's state).
 */
export async function stateBinding(cookieHeader: string | null | undefined, state: string): Promise<"bound" | "blocked" | "other"> {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  const { name, value } = await cookieOfState(state);
  if (cookies[name] === value) return "bound";
  return Object.keys(cookies).some((cookie) => cookie.startsWith(STATE_COOKIE_PREFIX)) ? "other" : "blocked";
}
