import { isTimeZone, UTC } from "../../api/services/core/dates";

/**
 * How the server learns the reader's time zone (ADR 0062): the browser writes its own
 * (Intl.DateTimeFormat().resolvedOptions().timeZone) into this cookie, the root loader reads
 * it, and server and browser then draw every date in the same zone. Without it (a first
 * visit, cookies refused), dates are drawn in UTC, named as UTC.
 */
export const TIME_ZONE_COOKIE = "tz";

/** The zone the cookie names, when it names one this runtime knows; else UTC. */
export function timeZoneFromCookie(cookieHeader: string | null): string {
  const saved = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]{1,200})`))?.[1];
  if (!saved) return UTC;
  try {
    const zone = decodeURIComponent(saved);
    return isTimeZone(zone) ? zone : UTC;
  } catch {
    return UTC;
  }
}

/** The `document.cookie` text that saves `timeZone` for a year. */
export function timeZoneCookie(timeZone: string): string {
  return `${TIME_ZONE_COOKIE}=${encodeURIComponent(timeZone)}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}
