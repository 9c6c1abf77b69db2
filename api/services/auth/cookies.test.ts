import { describe, expect, it } from "vitest";
import { readConfig } from "../core/config";
import { clearSessionCookieHeaders, readSessionCookies, sessionCookieHeaders, setsSessionCookie } from "./cookies";

const tokens = { accessToken: "acc", refreshToken: "ref" };
const config = (APP_URL: string) => readConfig({ JWT_SECRET: "x".repeat(32), APP_URL });

describe("session cookie names", () => {
  it("use the __Host- prefix on https, Secure, Path=/ and no Domain", () => {
    const https = config("https://quiz.school.test");
    const lines = sessionCookieHeaders(https, tokens);
    expect(lines.map((line) => line.split("=")[0])).toEqual(["__Host-quiz_access", "__Host-quiz_refresh"]);
    for (const line of lines) {
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\//);
      expect(line).toMatch(/; HttpOnly/);
      expect(line).not.toMatch(/Domain=/i);
    }
    expect(readSessionCookies("__Host-quiz_access=acc; __Host-quiz_refresh=ref", https)).toEqual({ accessToken: "acc", refreshToken: "ref" });
    // A plain-named cookie (set by a sibling subdomain or over http) is not the session.
    expect(readSessionCookies("quiz_access=planted; quiz_refresh=planted", https)).toEqual({ accessToken: null, refreshToken: null });
    expect(clearSessionCookieHeaders(https)[0]).toMatch(/^__Host-quiz_access=;/);
    expect(setsSessionCookie(lines, https)).toBe(true);
  });

  it("keep the plain names on http (browsers refuse __Host- without Secure)", () => {
    const http = config("http://localhost:3000");
    const lines = sessionCookieHeaders(http, tokens);
    expect(lines.map((line) => line.split("=")[0])).toEqual(["quiz_access", "quiz_refresh"]);
    expect(lines.join()).not.toMatch(/Secure/);
    expect(readSessionCookies("quiz_access=acc; quiz_refresh=ref", http)).toEqual({ accessToken: "acc", refreshToken: "ref" });
    expect(setsSessionCookie(["quiz_lang=en; Path=/"], http)).toBe(false);
  });
});
