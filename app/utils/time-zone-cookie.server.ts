import { isTimeZone, UTC } from "../../api/services/core/dates";
import { TIME_ZONE_COOKIE } from "./time-zone-cookie";

/** The zone the cookie names, when it names one this runtime knows; else null. */
function readerZoneFromCookie(cookieHeader: string | null): string | null {
  const saved = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]{1,200})`))?.[1];
  if (!saved) return null;
  try {
    const zone = decodeURIComponent(saved);
    return isTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The zone the cookie names, when it names one this runtime knows; else UTC. */
export function timeZoneFromCookie(cookieHeader: string | null): string {
  return readerZoneFromCookie(cookieHeader) ?? UTC;
}

/** The two zones of a page (ADR 0082), as the root loader hands them to every component. */
export interface PageTimeZones {
  /** Every date is drawn and typed in it: the school's, else the reader's, else UTC. */
  timeZone: string;
  /** The reader's browser's zone (the cookie), or null before the browser said it. */
  readerTimeZone: string | null;
}

/**
 * The school's zone when its owner chose one; until then the reader's own, as before the
 * setting existed (ADR 0062), and UTC on a first visit. The reader's zone is also kept
 * apart, so that a reader abroad sees their own clock beside the school's.
 */
export function pageTimeZones(cookieHeader: string | null, schoolTimeZone: string | null | undefined): PageTimeZones {
  const readerTimeZone = readerZoneFromCookie(cookieHeader);
  return { timeZone: schoolTimeZone ?? readerTimeZone ?? UTC, readerTimeZone };
}
