import { describe, expect, it } from "vitest";
import {
  acceptProviderMessage,
  buildAuthorizationUrl,
  decodeJwtPayload,
  parseCallback,
  popupFeatures,
  PROVIDER_MESSAGE_TYPE,
  randomString,
} from "./provider-popup";

const utf8 = (text: string) => String.fromCharCode(...new TextEncoder().encode(text));
const b64url = (value: object) => btoa(utf8(JSON.stringify(value))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const jwt = (claims: object) => `${b64url({ alg: "RS256" })}.${b64url(claims)}.signature`;

const popup = { name: "popup" };
const expected = { origin: "https://quiz.example", source: popup, state: "s1", nonce: "n1" };
const message = (data: object, overrides: Partial<{ origin: string; source: unknown }> = {}) => ({
  origin: "https://quiz.example",
  source: popup,
  data: { type: PROVIDER_MESSAGE_TYPE, state: "s1", error: null, idToken: jwt({ nonce: "n1" }), ...data },
  ...overrides,
});

describe("buildAuthorizationUrl", () => {
  it("asks for an ID token with nonce, state and our callback", () => {
    const url = new URL(
      buildAuthorizationUrl({
        authorizationEndpoint: "https://id.example/authorize?tenant=x",
        clientId: "quiz",
        redirectUri: "https://quiz.example/quiz/auth/provider-callback",
        nonce: "n1",
        state: "s1",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://id.example/authorize");
    expect(url.searchParams.get("tenant")).toBe("x");
    expect(url.searchParams.get("response_type")).toBe("id_token");
    expect(url.searchParams.get("scope")).toContain("openid");
    expect(url.searchParams.get("client_id")).toBe("quiz");
    expect(url.searchParams.get("redirect_uri")).toBe("https://quiz.example/quiz/auth/provider-callback");
    expect(url.searchParams.get("nonce")).toBe("n1");
    expect(url.searchParams.get("state")).toBe("s1");
  });
});

describe("parseCallback", () => {
  it("reads the fragment", () => {
    expect(parseCallback("#id_token=abc&state=s1")).toEqual({ idToken: "abc", state: "s1", error: null });
  });
  it("reads an error from the query string", () => {
    expect(parseCallback("", "?error=access_denied&state=s1")).toEqual({ idToken: null, state: "s1", error: "access_denied" });
  });
});

describe("decodeJwtPayload", () => {
  it("decodes the claims", () => {
    expect(decodeJwtPayload(jwt({ nonce: "n1", name: "Zoë" }))).toEqual({ nonce: "n1", name: "Zoë" });
  });
  it("returns null for garbage", () => {
    expect(decodeJwtPayload("not-a-jwt")).toBeNull();
    expect(decodeJwtPayload("a.###.c")).toBeNull();
  });
});

describe("acceptProviderMessage", () => {
  it("accepts our callback's token", () => {
    const result = acceptProviderMessage(message({}), expected);
    expect(result).toEqual({ ok: true, idToken: jwt({ nonce: "n1" }) });
  });

  it("ignores messages from another origin", () => {
    expect(acceptProviderMessage(message({}, { origin: "https://evil.example" }), expected)).toBeNull();
  });

  it("ignores messages from another window", () => {
    expect(acceptProviderMessage(message({}, { source: {} }), expected)).toBeNull();
  });

  it("ignores other message types and other requests' state", () => {
    expect(acceptProviderMessage(message({ type: "something-else" }), expected)).toBeNull();
    expect(acceptProviderMessage(message({ state: "old" }), expected)).toBeNull();
  });

  it("refuses a token minted for another nonce", () => {
    expect(acceptProviderMessage(message({ idToken: jwt({ nonce: "other" }) }), expected)).toEqual({
      ok: false,
      error: "nonce-mismatch",
    });
  });

  it("passes the provider's error on", () => {
    expect(acceptProviderMessage(message({ error: "access_denied", idToken: null }), expected)).toEqual({
      ok: false,
      error: "access_denied",
    });
  });
});

describe("helpers", () => {
  it("makes URL-safe random strings that differ", () => {
    const a = randomString();
    expect(a).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(randomString()).not.toBe(a);
  });

  it("centres the popup", () => {
    expect(popupFeatures({ left: 100, top: 50, width: 1100, height: 850 }, 500, 650)).toBe(
      "popup=yes,width=500,height=650,left=400,top=150",
    );
  });
});
