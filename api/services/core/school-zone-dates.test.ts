import { describe, expect, it } from "vitest";
import { canonicalTimeZone, formatWallClock, fromZonedInput, inSchoolAndReaderZones, zonedDayReader } from "./dates";
import { pageTimeZones } from "../../../app/utils/time-zone-cookie.server";

/** Issue 27 point 6 (ADR 0082): the school's zone, validated, and a moment on the school's clock and the reader's. */

// 3 December 2030, 16:00 UTC: 17:00 in Paris, 20:00 in Dubai, 01:00 on the 4th in Tokyo.
const DEC_3_1600_UTC = Date.UTC(2030, 11, 3, 16, 0);

describe("canonicalTimeZone", () => {
  it("takes the IANA names the runtime knows, in their canonical spelling", () => {
    expect(canonicalTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
    expect(canonicalTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(canonicalTimeZone("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(canonicalTimeZone("utc")).toBe("UTC");
  });

  it("refuses unknown names, offsets, injected text and non-text", () => {
    for (const bad of ["", "Mars/Olympus", "+05:00", "-0300", "Europe/Paris; path=/", "x".repeat(65), null, undefined, 7, {}]) expect(canonicalTimeZone(bad), String(bad)).toBeNull();
  });
});

describe("inSchoolAndReaderZones", () => {
  it("names the school's clock and adds the reader's when it shows another time", () => {
    expect(inSchoolAndReaderZones(DEC_3_1600_UTC, "en", "Europe/Paris", "Asia/Dubai")).toEqual({
      school: { time: "Dec 3, 2030, 5:00 PM", zone: "Europe/Paris" },
      reader: { time: "Dec 3, 2030, 8:00 PM", zone: "Asia/Dubai" },
    });
    // The reader's day may be another one: their own time carries its date.
    expect(inSchoolAndReaderZones(DEC_3_1600_UTC, "en", "Europe/Paris", "Asia/Tokyo").reader).toEqual({ time: "Dec 4, 2030, 1:00 AM", zone: "Asia/Tokyo" });
  });

  it("leaves the reader's clock out when it is unknown, the same zone, or agrees (Paris and Berlin)", () => {
    for (const reader of [null, "Europe/Paris", "Europe/Berlin"]) expect(inSchoolAndReaderZones(DEC_3_1600_UTC, "en", "Europe/Paris", reader).reader, String(reader)).toBeNull();
  });

  it("follows each zone's summer time: the gap between Paris and New York is 5 hours, and 4 in the weeks their changes differ", () => {
    // 20 March 2030: New York on summer time since the 10th, Paris not before the 31st.
    const march = Date.UTC(2030, 2, 20, 12, 0);
    expect(inSchoolAndReaderZones(march, "en", "Europe/Paris", "America/New_York")).toEqual({
      school: { time: "Mar 20, 2030, 1:00 PM", zone: "Europe/Paris" },
      reader: { time: "Mar 20, 2030, 8:00 AM", zone: "America/New_York" },
    });
    const april = Date.UTC(2030, 3, 20, 12, 0);
    expect(inSchoolAndReaderZones(april, "en", "Europe/Paris", "America/New_York").reader?.time).toBe("Apr 20, 2030, 8:00 AM");
    expect(inSchoolAndReaderZones(april, "en", "Europe/Paris", "America/New_York").school.time).toBe("Apr 20, 2030, 2:00 PM");
  });

  it("on the night the school's clock goes back, the repeated hour typed reads as its first occurrence and shows so", () => {
    // 27 October 2030, 02:30 happens twice in Paris; typed, it is the first (summer time, UTC+2).
    const typed = fromZonedInput("2030-10-27T02:30", "Europe/Paris")!;
    expect(typed).toBe(Date.UTC(2030, 9, 27, 0, 30));
    expect(inSchoolAndReaderZones(typed, "en", "Europe/Paris", "Asia/Tokyo")).toEqual({
      school: { time: "Oct 27, 2030, 2:30 AM", zone: "Europe/Paris" },
      reader: { time: "Oct 27, 2030, 9:30 AM", zone: "Asia/Tokyo" },
    });
  });

  it("speaks the interface language", () => {
    expect(formatWallClock(DEC_3_1600_UTC, "fr", "Europe/Paris")).toBe("3 déc. 2030, 17:00");
    expect(formatWallClock(DEC_3_1600_UTC, "ja", "Asia/Tokyo")).toBe("2030年12月4日 1:00");
    expect(formatWallClock(DEC_3_1600_UTC, "de", "Europe/Berlin")).toBe("3. Dez. 2030, 17:00");
  });
});

describe("pageTimeZones", () => {
  it("draws in the school's zone when it has one, and keeps the reader's (the cookie) beside it", () => {
    expect(pageTimeZones("tz=America%2FNew_York", "Asia/Tokyo")).toEqual({ timeZone: "Asia/Tokyo", readerTimeZone: "America/New_York" });
    expect(pageTimeZones(null, "Asia/Tokyo")).toEqual({ timeZone: "Asia/Tokyo", readerTimeZone: null });
  });

  it("without a school zone, the reader's as before (ADR 0062), else UTC; a cookie naming no zone is no reader zone", () => {
    expect(pageTimeZones("tz=America%2FNew_York", null)).toEqual({ timeZone: "America/New_York", readerTimeZone: "America/New_York" });
    expect(pageTimeZones("tz=Mars%2FOlympus", undefined)).toEqual({ timeZone: "UTC", readerTimeZone: null });
  });
});

describe("zonedDayReader", () => {
  it("gives the zone's calendar day, across the night its clock goes back", () => {
    const newYork = zonedDayReader("America/New_York");
    // 1 November 2026: 02:00 EDT becomes 01:00 EST (05:00 UTC and 06:00 UTC are both 01:00-ish).
    expect(newYork(Date.UTC(2026, 10, 1, 3, 59))).toBe("2026-10-31");
    expect(newYork(Date.UTC(2026, 10, 1, 4, 0))).toBe("2026-11-01");
    expect(newYork(Date.UTC(2026, 10, 2, 4, 59))).toBe("2026-11-01");
    expect(newYork(Date.UTC(2026, 10, 2, 5, 0))).toBe("2026-11-02");
    const kolkata = zonedDayReader("Asia/Kolkata");
    expect(kolkata(Date.UTC(2026, 10, 23, 18, 29))).toBe("2026-11-23");
    expect(kolkata(Date.UTC(2026, 10, 23, 18, 30))).toBe("2026-11-24");
    expect(zonedDayReader("UTC")(Date.UTC(2026, 10, 23, 23, 59))).toBe("2026-11-23");
  });
});
