import { isTimeZone, UTC } from "../../api/services/core/dates";
import { TIME_ZONE_COOKIE } from "./time-zone-cookie";

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
