import { describe, expect, it } from "vitest";
import { timeZoneCookie, timeZoneFromCookie } from "./time-zone-cookie";

describe("timeZoneFromCookie", () => {
  it("reads the zone the browser saved", () => {
    expect(timeZoneFromCookie("lang=ja; tz=Asia%2FTokyo; other=1")).toBe("Asia/Tokyo");
    expect(timeZoneFromCookie(timeZoneCookie("America/Argentina/Buenos_Aires").split(";")[0]!)).toBe("America/Argentina/Buenos_Aires");
  });

  it("falls back to UTC without a cookie or with one that names no zone", () => {
    for (const header of [null, "", "lang=fr", "tz=Mars%2FOlympus", "tz=%E0%A4%A", "tz=<script>"]) expect(timeZoneFromCookie(header)).toBe("UTC");
  });
});
