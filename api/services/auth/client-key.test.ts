import { describe, expect, it } from "vitest";
import { clientKeyFromHeaders } from "./client-key";

describe("clientKeyFromHeaders", () => {
  it("prefers Cloudflare's client address", () => {
    expect(clientKeyFromHeaders(new Headers({ "cf-connecting-ip": "203.0.113.7", "x-forwarded-for": "198.51.100.1" }))).toBe(
      "203.0.113.7",
    );
  });

  it("takes the first x-forwarded-for entry", () => {
    expect(clientKeyFromHeaders(new Headers({ "x-forwarded-for": " 198.51.100.1 , 10.0.0.1" }))).toBe("198.51.100.1");
  });

  it("falls back to 'unknown'", () => {
    expect(clientKeyFromHeaders(new Headers())).toBe("unknown");
    expect(clientKeyFromHeaders(new Headers({ "x-forwarded-for": "" }))).toBe("unknown");
  });
});
