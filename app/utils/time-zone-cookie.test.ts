import { describe, expect, it } from "vitest";
import { UTC } from "../../api/services/core/dates";
import { DRAWN_WITHOUT_A_ZONE, timeZoneCookie } from "./time-zone-cookie";
import { timeZoneFromCookie } from "./time-zone-cookie.server";

describe("timeZoneFromCookie", () => {
  it("reads the zone the browser saved", () => {
    expect(timeZoneFromCookie("lang=ja; tz=Asia%2FTokyo; other=1")).toBe("Asia/Tokyo");
    expect(timeZoneFromCookie(timeZoneCookie("America/Argentina/Buenos_Aires").split(";")[0]!)).toBe("America/Argentina/Buenos_Aires");
  });

  it("falls back to UTC without a cookie or with one that names no zone", () => {
    for (const header of [null, "", "lang=fr", "tz=Mars%2FOlympus", "tz=%E0%A4%A", "tz=<script>"]) expect(timeZoneFromCookie(header)).toBe("UTC");
  });
});

describe("a page drawn before the browser named its zone", () => {
  it("is drawn in the zone the date helper calls UTC", () => {
    expect(DRAWN_WITHOUT_A_ZONE).toBe(UTC);
  });
});
