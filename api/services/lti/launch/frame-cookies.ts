import { parse, serialize } from "hono/utils/cookie";
import type { AppConfig } from "../../core/config";

/**
 * Cookies inside an LMS's iframe (ADR 0087). The LMS page is another site, so the browser
 * sends a framed page's cookies only when they are `SameSite=None; Secure`, and (Chrome's
 * CHIPS, Firefox's and Safari's partitioning) keeps them only when `Partitioned`: the jar is
 * then keyed by the LMS's site, so what is set inside one LMS's frame is never sent at top
 * level or inside another site's frame. On plain http (localhost development and the e2e
 * stand-in, which is the same site) `None` would be refused without `Secure`, and Lax works.
 */
export function crossSiteCookieOptions(config: Pick<AppConfig, "secureCookies">, maxAge: number) {
  return config.secureCookies
    ? { path: "/", httpOnly: true, secure: true, sameSite: "None" as const, partitioned: true, maxAge }
    : { path: "/", httpOnly: true, secure: false, sameSite: "Lax" as const, maxAge };
}

/**
 * The marker of a session opened by an LTI launch: the origins of the platform that framed
 * it. Pages of such a session may be framed by those origins only (server/app.ts), and the
 * session's cookies keep the cross-site attributes when rotated (auth/cookies.ts).
 */
const FRAME_COOKIE = "quiz_lti_frame";

export function frameCookieName(config: Pick<AppConfig, "secureCookies">): string {
  return config.secureCookies ? `__Host-${FRAME_COOKIE}` : FRAME_COOKIE;
}

/** As long as the longest session (the refresh cookie's life). */
export function frameCookieHeader(config: Pick<AppConfig, "secureCookies" | "refreshTokenTtlSeconds">, origins: readonly string[]): string {
  return serialize(frameCookieName(config), origins.join(" "), crossSiteCookieOptions(config, config.refreshTokenTtlSeconds));
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/**
 * The origins that may frame this browser's pages, from the marker cookie: only well-formed
 * http(s) origins pass (the value goes into a Content-Security-Policy header). Empty when
 * the browser carries no marker: then no site may frame the app.
 */
export function frameAncestorsOf(cookieHeader: string | null | undefined, config: Pick<AppConfig, "secureCookies">): string[] {
  if (!cookieHeader) return [];
  const value = parse(cookieHeader, frameCookieName(config))[frameCookieName(config)];
  if (!value) return [];
  return value
    .split(" ")
    .filter((origin) => ORIGIN.test(origin))
    .slice(0, 4);
}

export function isFramedSession(cookieHeader: string | null | undefined, config: Pick<AppConfig, "secureCookies">): boolean {
  return frameAncestorsOf(cookieHeader, config).length > 0;
}

/** The origins a platform's pages come from: its issuer's and its login endpoint's. */
export function platformOrigins(platform: { issuer: string; authLoginUrl: string }): string[] {
  const origins = new Set<string>();
  for (const url of [platform.issuer, platform.authLoginUrl]) {
    try {
      const origin = new URL(url).origin;
      if (ORIGIN.test(origin)) origins.add(origin);
    } catch {
      // An issuer need not be a URL (LTI Core: a case-sensitive URL, but some send names).
    }
  }
  return [...origins];
}
