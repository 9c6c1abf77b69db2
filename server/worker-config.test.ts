import { describe, expect, it } from "vitest";
import { APP_URL_MISSING, readWorkerConfig } from "./worker-config";

const secret = "x".repeat(32);

describe("Worker configuration", () => {
  it("refuses to start without APP_URL instead of trusting the first request's host", () => {
    expect(() => readWorkerConfig({ JWT_SECRET: secret })).toThrow(APP_URL_MISSING);
    expect(() => readWorkerConfig({ JWT_SECRET: secret, APP_URL: "  " })).toThrow(APP_URL_MISSING);
  });

  it("refuses an APP_URL that is not an http(s) URL", () => {
    expect(() => readWorkerConfig({ JWT_SECRET: secret, APP_URL: "quiz.example.org" })).toThrow(/not a valid URL/);
    expect(() => readWorkerConfig({ JWT_SECRET: secret, APP_URL: "ftp://quiz.example.org" })).toThrow(/http\(s\)/);
  });

  it("takes the configured origin (https: Secure cookies)", () => {
    const config = readWorkerConfig({ JWT_SECRET: secret, APP_URL: "https://quiz.example.org/" });
    expect(config.appUrl).toBe("https://quiz.example.org");
    expect(config.secureCookies).toBe(true);
  });
});
