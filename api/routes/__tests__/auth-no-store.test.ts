import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import type { AppServices } from "../../services/core/app-services";
import { readConfig } from "../../services/core/config";
import { authTestApp, cookiesOf, post, send } from "./auth-helpers.node.ts";

describe("auth answers are never cached", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    tenant = await createTenant(services.db, "No Store School");
  });

  it("sends Cache-Control: no-store on sign-in, refresh, /me and errors", async () => {
    const login = await post(app, "/login", { email: tenant.teacher.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("no-store");
    const refreshed = await post(app, "/refresh", { refreshToken: login.body.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers.get("cache-control")).toBe("no-store");
    const me = await send(app, "GET", "/me", undefined, { authorization: `Bearer ${refreshed.body.accessToken}` });
    expect(me.headers.get("cache-control")).toBe("no-store");
    const failed = await post(app, "/login", { email: tenant.teacher.email, password: "wrong password" });
    expect(failed.status).toBe(401);
    expect(failed.headers.get("cache-control")).toBe("no-store");
  });
});

describe("session cookies on https", () => {
  it("are set and read under their __Host- names", async () => {
    const config = readConfig({ JWT_SECRET: "x".repeat(32), APP_URL: "https://quiz.school.test" });
    const { app, services } = await authTestApp({ config });
    const tenant = await createTenant(services.db, "Https School");
    const login = await post(app, "/login", { email: tenant.student.email, password: TEST_PASSWORD });
    const cookies = cookiesOf(login.headers);
    expect(cookies["__Host-quiz_access"]).toBe(login.body.accessToken);
    expect(cookies.quiz_access).toBeUndefined();
    const viaCookie = await send(app, "GET", "/me", undefined, { cookie: `__Host-quiz_access=${login.body.accessToken}` });
    expect(viaCookie.status).toBe(200);
    const plainName = await send(app, "GET", "/me", undefined, { cookie: `quiz_access=${login.body.accessToken}` });
    expect(plainName.status).toBe(401);
  });
});
