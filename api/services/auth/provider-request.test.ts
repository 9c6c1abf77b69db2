import { describe, expect, it } from "vitest";
import { readConfig } from "../core/config";
import { buildAuthorizationUrl, clearProviderRequestCookie, providerRequestCookie, providerRequestFromCookieHeader } from "./provider-request";

describe("buildAuthorizationUrl", () => {
  it("asks for an ID token with nonce, state and our callback, keeping the endpoint's own query", () => {
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

describe("the request cookie", () => {
  const config = (secureCookies: boolean) => ({ ...readConfig({ JWT_SECRET: "x".repeat(32) }), secureCookies });

  it("is __Host- prefixed, Secure, httpOnly and Strict on HTTPS", () => {
    expect(providerRequestCookie(config(true), "v")).toBe("__Host-quiz_oidc=v; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Strict");
    expect(clearProviderRequestCookie(config(true))).toContain("__Host-quiz_oidc=; Max-Age=0");
    expect(providerRequestFromCookieHeader(config(true), "quiz_oidc=plain; __Host-quiz_oidc=prefixed")).toBe("prefixed");
    expect(providerRequestFromCookieHeader(config(false), "quiz_oidc=plain; __Host-quiz_oidc=prefixed")).toBe("plain");
  });
});
