import { parse, serialize } from "hono/utils/cookie";
import type { AppConfig } from "../core/config";
import { crossSiteCookieOptions, isFramedSession } from "../lti/launch/frame-cookies";

/**
 * The browser session lives in two httpOnly cookies (decisions: identity). The access
 * cookie is short-lived; the refresh cookie lets the server rotate it silently.
 *
 * On HTTPS their names carry the `__Host-` prefix: browsers then accept them only when set
 * Secure, for Path=/ and without a Domain, so a sibling subdomain or a plain-http page can
 * neither set nor shadow them. On http (localhost development) browsers refuse `__Host-`
 * cookies, so the plain names are used there (docs/decisions: headers and cookies).
 */
export const ACCESS_COOKIE = "quiz_access";
export const REFRESH_COOKIE = "quiz_refresh";

export interface SessionCookieNames {
  access: string;
  refresh: string;
}

export function sessionCookieNames(config: Pick<AppConfig, "secureCookies">): SessionCookieNames {
  const prefix = config.secureCookies ? "__Host-" : "";
  return { access: `${prefix}${ACCESS_COOKIE}`, refresh: `${prefix}${REFRESH_COOKIE}` };
}

export interface SessionCookies {
  accessToken: string | null;
  refreshToken: string | null;
}

export function readSessionCookies(cookieHeader: string | null, config: Pick<AppConfig, "secureCookies">): SessionCookies {
  const cookies = cookieHeader ? parse(cookieHeader) : {};
  const names = sessionCookieNames(config);
  return { accessToken: cookies[names.access] ?? null, refreshToken: cookies[names.refresh] ?? null };
}

/**
 * A session opened by an LTI launch lives inside the LMS's iframe, another site: its cookies
 * are `SameSite=None; Secure; Partitioned` there (ADR 0087, lti/launch/frame-cookies.ts),
 * and keep those attributes each time they rotate. Every other session stays Lax.
 */
export interface SessionCookieScope {
  framed?: boolean;
}

function options(config: AppConfig, maxAge: number, scope: SessionCookieScope) {
  if (scope.framed) return crossSiteCookieOptions(config, maxAge);
  return { path: "/", httpOnly: true, secure: config.secureCookies, sameSite: "Lax" as const, maxAge };
}

/** Set-Cookie values that start (or rotate) a browser session. */
export function sessionCookieHeaders(config: AppConfig, tokens: { accessToken: string; refreshToken: string }, scope: SessionCookieScope = {}): string[] {
  const names = sessionCookieNames(config);
  return [
    serialize(names.access, tokens.accessToken, options(config, config.accessTokenTtlSeconds, scope)),
    serialize(names.refresh, tokens.refreshToken, options(config, config.refreshTokenTtlSeconds, scope)),
  ];
}

/** Set-Cookie values that end the browser session. */
export function clearSessionCookieHeaders(config: AppConfig, scope: SessionCookieScope = {}): string[] {
  const names = sessionCookieNames(config);
  return [serialize(names.access, "", options(config, 0, scope)), serialize(names.refresh, "", options(config, 0, scope))];
}

/** The scope of the session a request carries: framed when it carries the LTI frame marker. */
export function sessionScopeOf(cookieHeader: string | null | undefined, config: Pick<AppConfig, "secureCookies">): SessionCookieScope {
  return { framed: isFramedSession(cookieHeader, config) };
}

/** True when a response (re)sets the session cookies itself. */
export function setsSessionCookie(setCookies: string[], config: Pick<AppConfig, "secureCookies">): boolean {
  const names = sessionCookieNames(config);
  return setCookies.some((cookie) => cookie.startsWith(`${names.access}=`) || cookie.startsWith(`${names.refresh}=`));
}
