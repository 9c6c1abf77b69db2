import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness } from "../test-support/factories.node.ts";
import { users } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { readConfig } from "../services/core/config";
import { createTestApi, createTestServices } from "../test-support/test-app.node.ts";
import { CROSS_SITE_REFUSED } from "./cross-site";

const APP_URL = "https://quiz.school.test";
let counter = 0;
const registration = () => {
  counter += 1;
  return { email: `csrf-${counter}@school.test`, fullname: "Cross Site", username: `csrf${counter}`, password: "Lantern-orbit-meadow-72" };
};

describe("cross-site writes with cookies (CSRF)", () => {
  let services: AppServices;
  let app: ReturnType<typeof createTestApi>;
  beforeAll(async () => {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), APP_URL, CORS_ORIGINS: "https://crm.school.test" });
    services = await createTestServices({ config });
    app = createTestApi(services);
    await createBusiness(services.db);
  });
  const userCount = async () => (await services.db.select({ n: count() }).from(users))[0].n;
  const register = (headers: Record<string, string>) =>
    app.request("/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(registration()),
    });

  it("answers 403 to a foreign Origin before any work", async () => {
    const before = await userCount();
    const res = await register({ cookie: "quiz_access=stolen", origin: "https://evil.test" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: "FORBIDDEN", message: CROSS_SITE_REFUSED });
    expect(await userCount()).toBe(before);
  });

  it("answers 403 to the opaque origin and to Sec-Fetch-Site: cross-site", async () => {
    expect((await register({ cookie: "a=b", origin: "null" })).status).toBe(403);
    expect((await register({ cookie: "a=b", "sec-fetch-site": "cross-site" })).status).toBe(403);
    // Even the app's own origin cannot be claimed by a request the browser marked cross-site.
    expect((await register({ cookie: "a=b", origin: APP_URL, "sec-fetch-site": "cross-site" })).status).toBe(403);
  });

  it.each(["PUT", "PATCH", "DELETE"])("refuses %s the same way", async (method) => {
    const res = await app.request("/auth/sessions/1", { method, headers: { cookie: "quiz_access=x", origin: "https://evil.test" } });
    expect(res.status).toBe(403);
  });

  it("lets the app's own origin through", async () => {
    const res = await register({ cookie: "quiz_lang=en", origin: APP_URL, "sec-fetch-site": "same-origin" });
    expect(res.status).toBe(201);
  });

  // Issue 18: the app opened at another address than APP_URL's (http://127.0.0.1:3000 beside
  // http://localhost:3000, a second host name) could not start an exam.
  it("lets a browser's Sec-Fetch-Site: same-origin through, whatever address the app was opened at", async () => {
    const before = await userCount();
    const res = await app.request("http://127.0.0.1:3000/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "quiz_lang=en", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" },
      body: JSON.stringify(registration()),
    });
    expect(res.status).toBe(201);
    expect(await userCount()).toBe(before + 1);
  });

  it("lets an Origin equal to the request's own origin through (a browser without fetch metadata)", async () => {
    const res = await app.request("http://127.0.0.1:3000/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "quiz_lang=en", origin: "http://127.0.0.1:3000" },
      body: JSON.stringify(registration()),
    });
    expect(res.status).toBe(201);
  });

  it("still refuses a foreign page's write at that address: cross-site, same-site from a sibling, or a foreign Origin", async () => {
    const before = await userCount();
    const at = (headers: Record<string, string>) =>
      app.request("http://127.0.0.1:3000/auth/register", { method: "POST", headers: { "content-type": "application/json", cookie: "quiz_access=x", ...headers }, body: JSON.stringify(registration()) });
    // The attacker's page claims the request's own origin, but the browser marks it cross-site.
    expect((await at({ origin: "http://127.0.0.1:3000", "sec-fetch-site": "cross-site" })).status).toBe(403);
    // A sibling subdomain is same-site, not same-origin: its Origin is neither APP_URL's nor this host's.
    expect((await at({ origin: "https://forum.school.test", "sec-fetch-site": "same-site" })).status).toBe(403);
    expect((await at({ origin: "https://evil.test" })).status).toBe(403);
    expect((await at({ origin: "null", "sec-fetch-site": "same-site" })).status).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it("does not affect Bearer calls from other modules or requests without cookies", async () => {
    const bearer = await register({ cookie: "quiz_lang=en", authorization: "Bearer abc", origin: "https://crm.school.test", "sec-fetch-site": "cross-site" });
    expect(bearer.status).toBe(201);
    const cookieless = await register({ origin: "https://crm.school.test", "sec-fetch-site": "cross-site" });
    expect(cookieless.status).toBe(201);
  });

  it("does not affect reads or non-browser clients (no Origin, no Sec-Fetch-Site)", async () => {
    expect((await app.request("/health", { headers: { cookie: "a=b", origin: "https://evil.test", "sec-fetch-site": "cross-site" } })).status).toBe(200);
    expect((await register({ cookie: "quiz_lang=en" })).status).toBe(201);
  });
});
