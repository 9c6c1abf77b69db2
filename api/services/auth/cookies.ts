import { parse, serialize } from "hono/utils/cookie";
import type { AppConfig } from "../../config";
import { ACCESS_COOKIE } from "../../middleware/auth";

/**
 * The browser session lives in two httpOnly cookies (decisions: identity). The access
 * cookie is short-lived; the refresh cookie lets the server rotate it silently.
 */
export const REFRESH_COOKIE = "quiz_refresh";

export interface SessionCookies {
  accessToken: string | null;
  refreshToken: string | null;
}

export function readSessionCookies(cookieHeader: string | null): SessionCookies {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  return { accessToken: cookies[ACCESS_COOKIE] ?? null, refreshToken: cookies[REFRESH_COOKIE] ?? null };
}

function options(config: AppConfig, maxAge: number) {
  return { path: "/", httpOnly: true, secure: config.secureCookies, sameSite: "Lax" as const, maxAge };
}

/** Set-Cookie values that start (or rotate) a browser session. */
export function sessionCookieHeaders(config: AppConfig, tokens: { accessToken: string; refreshToken: string }): string[] {
  return [
    serialize(ACCESS_COOKIE, tokens.accessToken, options(config, config.accessTokenTtlSeconds)),
    serialize(REFRESH_COOKIE, tokens.refreshToken, options(config, config.refreshTokenTtlSeconds)),
  ];
}

/** Set-Cookie values that end the browser session. */
export function clearSessionCookieHeaders(config: AppConfig): string[] {
  return [serialize(ACCESS_COOKIE, "", options(config, 0)), serialize(REFRESH_COOKIE, "", options(config, 0))];
}
