import { and, gte, lt } from "drizzle-orm";
import { parse, serialize } from "hono/utils/cookie";
import { jwtVerify, SignJWT } from "jose";
import { sha256Hex } from "../../../db/hash";
import { loginThrottle } from "../../../db/schema/auth";
import type { AppConfig } from "../core/config";
import type { AppServices } from "../core/app-services";
import { Invalid } from "../core/errors";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

/**
 * One "sign in with the provider" request, bound to the browser that started it
 * (docs/decisions, provider state and nonce). The server picks `state` and `nonce`, puts them
 * in the authorization URL and in a short-lived, httpOnly cookie signed with the app's
 * secret; the answer is accepted only from that browser, with that state, and with an ID
 * token carrying that nonce. The cookie is cleared on the first answer, so it is single-use.
 */
export interface ProviderRequest {
  state: string;
  nonce: string;
}

/** Long enough to sign in at the provider (password, second factor), short enough to be useless later. */
export const PROVIDER_REQUEST_TTL_SECONDS = 10 * 60;
const COOKIE = "quiz_oidc";
/** Not the access tokens' issuer: a request cookie can never pass as an access token, nor the reverse. */
const ISSUER = "quiz-app:provider-request";

/** `__Host-` on HTTPS: the cookie cannot be set by a sibling subdomain nor sent to another path's app. */
export function providerRequestCookieName(config: Pick<AppConfig, "secureCookies">): string {
  return config.secureCookies ? `__Host-${COOKIE}` : COOKIE;
}

function key(services: AppServices) {
  return new TextEncoder().encode(services.config.jwtSecret);
}

export async function signProviderRequest(services: AppServices, request: ProviderRequest): Promise<string> {
  const issuedAt = Math.floor(services.now().getTime() / 1000);
  return new SignJWT({ state: request.state, nonce: request.nonce })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PROVIDER_REQUEST_TTL_SECONDS)
    .sign(key(services));
}

/** The request this cookie value stands for; null when missing, forged or expired. */
export async function readProviderRequest(services: AppServices, value: string | null | undefined): Promise<ProviderRequest | null> {
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, key(services), { issuer: ISSUER, algorithms: ["HS256"], currentDate: services.now() });
    if (typeof payload.state !== "string" || typeof payload.nonce !== "string") return null;
    return { state: payload.state, nonce: payload.nonce };
  } catch {
    return null;
  }
}

/** The cookie's value from a Cookie header (the UI's actions read the raw request). */
export function providerRequestFromCookieHeader(config: AppConfig, cookieHeader: string | null): string | null {
  return cookieHeader ? (parse(cookieHeader)[providerRequestCookieName(config)] ?? null) : null;
}

function cookieOptions(config: AppConfig, maxAge: number) {
  // Strict: the request starts and ends with same-origin calls (the popup's opener posts the answer).
  return { path: "/", httpOnly: true, secure: config.secureCookies, sameSite: "Strict" as const, maxAge };
}

export function providerRequestCookie(config: AppConfig, value: string): string {
  return serialize(providerRequestCookieName(config), value, cookieOptions(config, PROVIDER_REQUEST_TTL_SECONDS));
}

export function clearProviderRequestCookie(config: AppConfig): string {
  return serialize(providerRequestCookieName(config), "", cookieOptions(config, 0));
}

export interface AuthorizationRequest extends ProviderRequest {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
}

/** An implicit-flow ID token request whose answer comes back in the callback URL's fragment. */
export function buildAuthorizationUrl({ authorizationEndpoint, clientId, redirectUri, nonce, state }: AuthorizationRequest): string {
  const url = new URL(authorizationEndpoint);
  url.searchParams.set("response_type", "id_token");
  url.searchParams.set("response_mode", "fragment");
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("redirect_uri", redirectUri);
  url.searchParams.set("nonce", nonce);
  url.searchParams.set("state", state);
  return url.toString();
}

export const PROVIDER_REQUEST_USED = AUTH_MESSAGES.PROVIDER_REQUEST_USED;
/** Keys of spent requests in login_throttle (see spendProviderRequest); ';' sorts right after ':'. */
const SPENT_PREFIX = "oidc-request:";
const SPENT_END = "oidc-request;";

/**
 * Records a request as answered, so the same cookie and token cannot sign in twice even if
 * both were copied. Clearing the cookie covers the browser; this covers a replay. There is
 * no table for it (issue 6 allows no schema change), so a `login_throttle` row keyed by the
 * nonce's digest and "locked" until the request would have expired serves: one insert that
 * fails on a second answer, atomic on every database we run on. Spent rows of expired
 * requests are dropped on the way (a key range, so the primary key index finds them).
 */
export async function spendProviderRequest(services: AppServices, request: ProviderRequest): Promise<void> {
  const now = services.now();
  const db = services.db;
  const key = `${SPENT_PREFIX}${await sha256Hex(request.nonce)}`;
  const [, inserted] = await db.batch([
    db
      .delete(loginThrottle)
      .where(and(gte(loginThrottle.key, SPENT_PREFIX), lt(loginThrottle.key, SPENT_END), lt(loginThrottle.lockedUntil, now))),
    db
      .insert(loginThrottle)
      .values({ key, failures: 0, windowStartedAt: now, lockedUntil: new Date(now.getTime() + PROVIDER_REQUEST_TTL_SECONDS * 1000) })
      .onConflictDoNothing({ target: loginThrottle.key })
      .returning({ key: loginThrottle.key }),
  ]);
  if (inserted.length === 0) throw new Invalid(say("PROVIDER_REQUEST_USED"));
}
