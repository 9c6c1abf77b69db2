import { describe, expect, it } from "vitest";
import { APP_URL_MISSING, PASSWORD_PEPPER_MISSING, readWorkerConfig } from "./worker-config";

const secret = "x".repeat(32);
const PASSWORD_PEPPER = "p".repeat(32);

describe("Worker configuration", () => {
  it("refuses to start without APP_URL instead of trusting the first request's host", () => {
    expect(() => readWorkerConfig({ JWT_SECRET: secret })).toThrow(APP_URL_MISSING);
    expect(() => readWorkerConfig({ JWT_SECRET: secret, PASSWORD_PEPPER, APP_URL: "  " })).toThrow(APP_URL_MISSING);
  });

  it("refuses an APP_URL that is not an http(s) URL", () => {
    expect(() => readWorkerConfig({ JWT_SECRET: secret, PASSWORD_PEPPER, APP_URL: "quiz.example.org" })).toThrow(/not a valid URL/);
    expect(() => readWorkerConfig({ JWT_SECRET: secret, PASSWORD_PEPPER, APP_URL: "ftp://quiz.example.org" })).toThrow(/http\(s\)/);
  });

  it("refuses to start without PASSWORD_PEPPER: it has nowhere to keep a generated one", () => {
    expect(() => readWorkerConfig({ JWT_SECRET: secret, APP_URL: "https://quiz.example.org" })).toThrow(PASSWORD_PEPPER_MISSING);
    expect(() => readWorkerConfig({ JWT_SECRET: secret, APP_URL: "https://quiz.example.org", PASSWORD_PEPPER: "short" })).toThrow(
      "PASSWORD_PEPPER must be at least 32 characters",
    );
  });

  it("takes the configured origin (https: Secure cookies)", () => {
    const config = readWorkerConfig({ JWT_SECRET: secret, PASSWORD_PEPPER, APP_URL: "https://quiz.example.org/" });
    expect(config.appUrl).toBe("https://quiz.example.org");
    expect(config.secureCookies).toBe(true);
    expect(config.passwordPepper).toBe(PASSWORD_PEPPER);
  });
});
