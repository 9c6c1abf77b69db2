/**
 * Sessions inside an LMS's iframe (ADR 0087): on https a launched session's cookies (and the
 * frame marker) are `SameSite=None; Secure; Partitioned`, and stay so when they rotate; every
 * other session stays Lax; the marker's origins are the only ones that may frame the app.
 */
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../../../server/content-security-policy";
import { clearSessionCookieHeaders, sessionCookieHeaders, sessionScopeOf } from "../../auth/cookies";
import { readConfig } from "../../core/config";
import { frameAncestorsOf, frameCookieHeader, platformOrigins } from "./frame-cookies";

const https = readConfig({ JWT_SECRET: "x".repeat(32), APP_URL: "https://quiz.school.example" });
const http = readConfig({ JWT_SECRET: "x".repeat(32), APP_URL: "http://localhost:3000" });
const tokens = { accessToken: "a", refreshToken: "r" };

describe("iframe session cookies", () => {
  it("a launched session on https: SameSite=None; Secure; Partitioned, __Host- names; an ordinary session stays Lax and unpartitioned", () => {
    for (const cookie of sessionCookieHeaders(https, tokens, { framed: true })) {
      expect(cookie).toMatch(/^__Host-quiz_(access|refresh)=/);
      expect(cookie).toContain("SameSite=None");
      expect(cookie).toContain("Secure");
      expect(cookie).toContain("Partitioned");
    }
    for (const cookie of sessionCookieHeaders(https, tokens)) {
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).not.toContain("Partitioned");
    }
  });

  it("rotation keeps the frame's attributes: the scope comes from the marker the browser sends", () => {
    const marker = frameCookieHeader(https, ["https://moodle.school.example"]).split(";")[0];
    expect(frameCookieHeader(https, ["https://moodle.school.example"])).toContain("Partitioned");
    expect(sessionScopeOf(`${marker}; __Host-quiz_refresh=r`, https)).toEqual({ framed: true });
    expect(sessionScopeOf("__Host-quiz_refresh=r", https)).toEqual({ framed: false });
    expect(clearSessionCookieHeaders(https, { framed: true })[0]).toContain("Partitioned");
  });

  it("on plain http (development, the e2e stand-in on the same site) Lax, since None without Secure is refused", () => {
    for (const cookie of sessionCookieHeaders(http, tokens, { framed: true })) expect(cookie).toContain("SameSite=Lax");
  });

  it("only well-formed origins from the marker reach the frame-ancestors directive; no marker, no framing", () => {
    const cookie = `quiz_lti_frame=${encodeURIComponent("https://lms.example 'unsafe-inline' https://x.example;script-src *")}`;
    expect(frameAncestorsOf(cookie, http)).toEqual(["https://lms.example"]);
    expect(contentSecurityPolicy("n", frameAncestorsOf(cookie, http))).toContain("frame-ancestors 'self' https://lms.example;");
    expect(contentSecurityPolicy("n", frameAncestorsOf(null, http))).toContain("frame-ancestors 'none'");
    expect(platformOrigins({ issuer: "https://canvas.instructure.com", authLoginUrl: "https://sso.canvaslms.com/api/lti/authorize_redirect" })).toEqual([
      "https://canvas.instructure.com",
      "https://sso.canvaslms.com",
    ]);
  });
});
