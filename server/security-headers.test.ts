import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./content-security-policy";
import { HSTS, securityHeaders } from "./security-headers";

function appFor(appUrl: string) {
  const app = new Hono();
  app.use(securityHeaders({ appUrl }));
  app.get("/plain", (c) => c.text("ok"));
  app.get("/key-page", (c) => c.text("ok", 200, { "Referrer-Policy": "no-referrer" }));
  return app;
}

describe("security headers on every response", () => {
  it("sends nosniff, DENY framing and the referrer policy; no HSTS on http", async () => {
    const res = await appFor("http://localhost:3000").request("/plain");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends one year of HSTS when the app is served over https", async () => {
    const res = await appFor("https://quiz.school.test").request("/plain");
    expect(res.headers.get("strict-transport-security")).toBe(HSTS);
    expect(HSTS).toBe("max-age=31536000");
  });

  it("keeps a stricter referrer policy that a handler set itself", async () => {
    const res = await appFor("http://localhost:3000").request("/key-page");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
  });
});

describe("Content-Security-Policy", () => {
  it("allows scripts only by a fresh nonce and closes framing, plugins and <base>", () => {
    const first = createNonce();
    expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(createNonce()).not.toBe(first);
    const policy = contentSecurityPolicy(first);
    const directive = (name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));
    expect(directive("script-src")).toBe(`script-src 'nonce-${first}' 'strict-dynamic' 'self'`);
    expect(directive("script-src")).not.toContain("unsafe");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("base-uri")).toBe("base-uri 'none'");
    expect(directive("default-src")).toBe("default-src 'self'");
  });
});
