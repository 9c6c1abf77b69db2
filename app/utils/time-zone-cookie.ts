/**
 * How the server learns the reader's time zone (ADR 0062): the browser writes its own
 * (Intl.DateTimeFormat().resolvedOptions().timeZone) into this cookie, the root loader reads
 * it, and server and browser then draw every date in the same zone. Without it (a first
 * visit, cookies refused), dates are drawn in UTC, named as UTC.
 */
export const TIME_ZONE_COOKIE = "tz";

/** The zone of a page drawn before the browser said its own (the same as core/dates.ts UTC). */
export const DRAWN_WITHOUT_A_ZONE = "UTC";

/** The `document.cookie` text that saves `timeZone` for a year. */
export function timeZoneCookie(timeZone: string): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}
