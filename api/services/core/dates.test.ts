import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, fromZonedInput, isTimeZone, toZonedInput, zoneName } from "./dates";

const NOV_29_0130_UTC = Date.UTC(2026, 10, 29, 1, 30);

describe("formatDateTime", () => {
  it("shows the moment on the zone's clock and names the zone", () => {
    expect(formatDateTime(NOV_29_0130_UTC, "en", "Asia/Tokyo")).toBe("Nov 29, 2026, 10:30 AM GMT+9");
    expect(formatDateTime(NOV_29_0130_UTC, "en", "UTC")).toBe("Nov 29, 2026, 1:30 AM UTC");
    // The day differs between zones: the zone's name says which one is meant.
    expect(formatDateTime(NOV_29_0130_UTC, "en", "America/New_York")).toBe("Nov 28, 2026, 8:30 PM EST");
  });

  it("speaks the interface language", () => {
    expect(formatDateTime(NOV_29_0130_UTC, "fr", "Asia/Tokyo")).toBe("29 nov. 2026, 10:30 UTC+9");
    expect(formatDateTime(NOV_29_0130_UTC, "ja", "Asia/Tokyo")).toBe("2026年11月29日 10:30 JST");
  });
});

describe("formatDate", () => {
  it("shows the zone's day with the zone in brackets", () => {
    expect(formatDate(NOV_29_0130_UTC, "en", "Asia/Tokyo")).toBe("Nov 29, 2026 (GMT+9)");
    expect(formatDate(NOV_29_0130_UTC, "en", "America/New_York")).toBe("Nov 28, 2026 (EST)");
    expect(formatDate(NOV_29_0130_UTC, "en", "UTC", "long")).toBe("November 29, 2026 (UTC)");
  });
});

describe("zoneName", () => {
  it("follows summer time", () => {
    expect(zoneName(Date.UTC(2026, 6, 1), "en", "America/New_York")).toBe("EDT");
    expect(zoneName(Date.UTC(2026, 0, 1), "en", "America/New_York")).toBe("EST");
  });
});

describe("isTimeZone", () => {
  it("takes IANA names and refuses anything else", () => {
    expect(isTimeZone("Asia/Tokyo")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    for (const bad of ["", "Mars/Olympus", "Asia/Tokyo; path=/", "x".repeat(100), null, 9]) expect(isTimeZone(bad)).toBe(false);
  });
});

describe("toZonedInput and fromZonedInput", () => {
  it("write and read the same wall clock in the zone", () => {
    expect(toZonedInput(NOV_29_0130_UTC, "Asia/Tokyo")).toBe("2026-11-29T10:30");
    expect(fromZonedInput("2026-11-29T10:30", "Asia/Tokyo")).toBe(NOV_29_0130_UTC);
    expect(fromZonedInput("2026-11-29T01:30", "UTC")).toBe(NOV_29_0130_UTC);
    for (const zone of ["Asia/Tokyo", "America/New_York", "Europe/Paris", "Asia/Kolkata", "Pacific/Chatham", "UTC"]) {
      for (let moment = Date.UTC(2026, 0, 1); moment < Date.UTC(2027, 0, 1); moment += 31 * 3_600_000 + 60_000 * 17) {
        const minute = moment - (moment % 60_000);
        expect(fromZonedInput(toZonedInput(minute, zone), zone), `${zone} ${new Date(minute).toISOString()}`).toSatisfy(
          (read: number) => toZonedInput(read, zone) === toZonedInput(minute, zone),
        );
      }
    }
  });

  it("reads a repeated hour as its first occurrence and a skipped one with the offset before the change", () => {
    // New York falls back on 1 November 2026: 01:30 happens twice, first at EDT (UTC-4).
    expect(fromZonedInput("2026-11-01T01:30", "America/New_York")).toBe(Date.UTC(2026, 10, 1, 5, 30));
    // Paris falls back on 25 October 2026: 02:30 first at CEST (UTC+2).
    expect(fromZonedInput("2026-10-25T02:30", "Europe/Paris")).toBe(Date.UTC(2026, 9, 25, 0, 30));
    // New York springs forward on 8 March 2026: 02:30 does not exist; read at EST it is 03:30 EDT.
    expect(toZonedInput(fromZonedInput("2026-03-08T02:30", "America/New_York")!, "America/New_York")).toBe("2026-03-08T03:30");
  });

  it("answers null for empty or impossible text", () => {
    for (const bad of ["", "not a date", "2026-02-30T10:00", "2026-11-29T24:00", "2026-11-29 10:30"]) expect(fromZonedInput(bad, "UTC")).toBeNull();
  });
});
