/**
 * Every date the app shows or takes (ADRs 0062, 0082). One time zone per page: the school's
 * (the owner's setting), or, while the owner has not chosen one, the reader's browser's, told
 * to the server by the `tz` cookie (app/utils/time-zone-cookie.ts) so that the server draws
 * the same text the browser hydrates; UTC, named as UTC, when neither is known. Every date
 * shown names its zone, and a date typed into a form is read in the zone it is shown in.
 */

export const UTC = "UTC";

/** Whether `name` is a time zone this runtime knows (an IANA name such as "Asia/Tokyo", or "UTC"). */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== "string" || name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone a school may choose: an IANA name the runtime knows ("Asia/Tokyo", "UTC"), in its
 * canonical spelling ("asia/tokyo" → "Asia/Tokyo"); null for anything else, offsets such as
 * "+05:00" included (they have no summer time and name no place).
 */
export function canonicalTimeZone(name: unknown): string | null {
  if (!isTimeZone(name) || !/^[A-Za-z]/.test(name)) return null;
  // The list's spelling for any case; a valid name the list leaves out (a link such as
  // "America/Argentina/Buenos_Aires") as chosen, not as ICU's alias of it: Intl reads both.
  if (name.toUpperCase() === UTC) return UTC;
  return zonesByLowerCase().get(name.toLowerCase()) ?? name;
}

let listedZones: Map<string, string> | undefined;
function zonesByLowerCase(): Map<string, string> {
  listedZones ??= new Map((typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []).map((zone) => [zone.toLowerCase(), zone]));
  return listedZones;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" };

/** A date and time in the interface language, in `timeZone`, the zone named ("Nov 29, 2026, 10:30 AM GMT+9"). */
export function formatDateTime(epochMs: number, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { ...DATE_TIME, timeZone }).format(new Date(epochMs));
}

/** A date and time without its zone's name, for a sentence that names the zone itself ("Dec 3, 2030, 5:00 PM"). */
export function formatWallClock(epochMs: number, language: string, timeZone: string): string {
  const { timeZoneName: _named, ...options } = DATE_TIME;
  return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(new Date(epochMs));
}

/** A moment on one zone's clock, and the zone's IANA name ("Asia/Tokyo"). */
export interface ZonedTime {
  time: string;
  zone: string;
}

/**
 * A moment on the school's clock and, when the reader's clock shows another time, on the
 * reader's too (issue 27 point 6: a student abroad sees both). `reader` is null when the
 * reader's zone is not known or its clock agrees with the school's (Paris and Berlin).
 */
export function inSchoolAndReaderZones(epochMs: number, language: string, schoolZone: string, readerZone: string | null): { school: ZonedTime; reader: ZonedTime | null } {
  const school = { time: formatWallClock(epochMs, language, schoolZone), zone: schoolZone };
  if (!readerZone || readerZone === schoolZone) return { school, reader: null };
  const reader = { time: formatWallClock(epochMs, language, readerZone), zone: readerZone };
  return { school, reader: reader.time === school.time ? null : reader };
}

/** The zone's short name at that moment, as the language writes it ("UTC", "GMT+9", "JST", "MEZ"). */
export function zoneName(epochMs: number, language: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: "short" }).formatToParts(new Date(epochMs));
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * A date alone, for dense tables, with its zone in brackets ("Nov 29, 2026 (GMT+9)"): the
 * language's own "at GMT+9" after a bare date reads as a time.
 */
export function formatDate(epochMs: number, language: string, timeZone: string, style: "medium" | "long" = "medium"): string {
  const day = new Intl.DateTimeFormat(language, { dateStyle: style, timeZone }).format(new Date(epochMs));
  return `${day} (${zoneName(epochMs, language, timeZone)})`;
}

/** One numeric clock reader per zone: building a DateTimeFormat costs far more than using one. */
const clockReaders = new Map<string, Intl.DateTimeFormat>();

function clockReader(timeZone: string): Intl.DateTimeFormat {
  let reader = clockReaders.get(timeZone);
  if (!reader) {
    const options: Intl.DateTimeFormatOptions = { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" };
    reader = new Intl.DateTimeFormat("en-US", options);
    if (clockReaders.size > 100) clockReaders.clear();
    clockReaders.set(timeZone, reader);
  }
  return reader;
}

/** The wall-clock fields of a moment in a zone, as numbers. */
function wallClock(epochMs: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = clockReader(timeZone).formatToParts(new Date(epochMs));
  const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: field("year"), month: field("month"), day: field("day"), hour: field("hour") % 24, minute: field("minute"), second: field("second") };
}

/** How far the zone's clock is ahead of UTC at that moment, in ms. */
function offsetAt(epochMs: number, timeZone: string): number {
  const clock = wallClock(epochMs, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** Epoch ms → `datetime-local` text ("2026-11-29T10:30") on the zone's clock. */
export function toZonedInput(epochMs: number, timeZone: string): string {
  const clock = wallClock(epochMs, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * `datetime-local` text read on the zone's clock → epoch ms; null when empty or not a date.
 * A time the clock skips (spring forward) is read with the offset before the change, as
 * browsers do (02:30 becomes 03:30); a time it repeats (fall back), as its first occurrence.
 */
export function fromZonedInput(text: string, timeZone: string): number | null {
  const match = LOCAL_INPUT.exec(text);
  if (!match) return null;
  const [year, month, date, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour, minute, match[6] ? Number(match[6]) : 0);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date || hour > 23 || minute > 59) return null;
  // The zone's offsets a day before and after (a clock changes at most once in between):
  // the readings whose clock shows what was typed, the earliest; none in a skipped hour.
  const day = 24 * 60 * 60 * 1000;
  const before = asUtc - offsetAt(asUtc - day, timeZone);
  const after = asUtc - offsetAt(asUtc + day, timeZone);
  const typed = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`;
  const readings = [before, after].filter((epochMs) => toZonedInput(epochMs, timeZone) === typed);
  return readings.length > 0 ? Math.min(...readings) : before;
}

const DAY_MS = 86_400_000;

/**
 * A reader of the zone's calendar day (YYYY-MM-DD) of many moments, for grouping by day
 * (item analysis's scores over time, ADR 0082 addendum). Asking Intl costs some 20 µs, so the
 * zone's offset is asked twice per UTC day (its first and last millisecond) and kept; only a day
 * on which the offset changes (summer time) is asked moment by moment.
 */
export function zonedDayReader(timeZone: string): (epochMs: number) => string {
  const offsetOfUtcDay = new Map<number, number | null>();
  return (epochMs) => {
    const utcDay = Math.floor(epochMs / DAY_MS);
    let offset = offsetOfUtcDay.get(utcDay);
    if (offset === undefined) {
      const first = offsetAt(utcDay * DAY_MS, timeZone);
      offset = first === offsetAt((utcDay + 1) * DAY_MS - 1, timeZone) ? first : null;
      offsetOfUtcDay.set(utcDay, offset);
    }
    return new Date(epochMs + (offset ?? offsetAt(epochMs, timeZone))).toISOString().slice(0, 10);
  };
}
