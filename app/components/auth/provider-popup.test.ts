import { describe, expect, it } from "vitest";
import {
  acceptProviderMessage,
  decodeJwtPayload,
  parseCallback,
  popupFeatures,
  PROVIDER_MESSAGE_TYPE,
  PROVIDER_START_URL,
  startProviderRequest,
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

describe("startProviderRequest", () => {
  const answer = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status });

  it("asks the server to start a request and returns its URL, state and nonce", async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const start = { authorizationUrl: "https://id.example/authorize?state=s1", state: "s1", nonce: "n1" };
    const fetcher = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify(start));
    }) as typeof fetch;
    expect(await startProviderRequest(fetcher)).toEqual(start);
    expect(calls).toEqual([[PROVIDER_START_URL, expect.objectContaining({ method: "POST", credentials: "same-origin" })]]);
  });

  it("returns null when the server refuses, answers garbage or cannot be reached", async () => {
    expect(await startProviderRequest(answer(404, { message: "Sign-in with the provider is not configured" }) as typeof fetch)).toBeNull();
    expect(await startProviderRequest(answer(200, { authorizationUrl: 1 }) as typeof fetch)).toBeNull();
    expect(await startProviderRequest((async () => { throw new TypeError("offline"); }) as typeof fetch)).toBeNull();
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
  it("centres the popup", () => {
    expect(popupFeatures({ left: 100, top: 50, width: 1100, height: 850 }, 500, 650)).toBe(
      "popup=yes,width=500,height=650,left=400,top=150",
    );
  });
});
