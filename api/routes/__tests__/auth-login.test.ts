import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser, TEST_PASSWORD } from "../../../db/factories.node.ts";
import { loginThrottle } from "../../../db/schema";
import type { AppServices } from "../../context";
import { authTestApp, cookiesOf, movableClock, post } from "./auth-helpers.node.ts";

const FAILED = "The login detail is incorrect";

describe("POST /auth/login", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let clock: ReturnType<typeof movableClock>;
  let ipCounter = 0;
  /** A fresh client address per test, so per-address counters do not leak between tests. */
  const fromNewAddress = () => ({ "x-forwarded-for": `10.0.0.${++ipCounter}, 192.168.1.1` });

  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    clock = movableClock(services);
    tenant = await createTenant(services.db, "Login School");
  });

  it("signs in with e-mail (any case) and password, returning tokens and setting cookies", async () => {
    const res = await post(app, "/login", { email: tenant.teacher.email.toUpperCase(), password: TEST_PASSWORD }, fromNewAddress());
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: tenant.teacher.id, userType: "Teacher", current_business: tenant.business.id });
    expect(cookiesOf(res.headers)).toMatchObject({ quiz_access: res.body.accessToken, quiz_refresh: res.body.refreshToken });
  });

  it("gives one generic 401 for a wrong password, an unknown e-mail and a provider-only account", async () => {
    const providerOnly = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", passwordHash: null, oidcSubject: "sub-1" });
    for (const body of [
      { email: tenant.student.email, password: "wrong password" },
      { email: "nobody@test.quiz", password: TEST_PASSWORD },
      { email: providerOnly.email, password: TEST_PASSWORD },
    ]) {
      const res = await post(app, "/login", body, fromNewAddress());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: FAILED });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it("answers 400 for missing, wrongly typed and over-long fields and malformed JSON", async () => {
    const missing = await post(app, "/login", {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ email: "Email is required", password: "Password is required" });
    const wrongType = await post(app, "/login", { email: tenant.student.email, password: 12345678 });
    expect(wrongType.body.errors).toEqual({ password: "Password is not valid" });
    const tooLong = await post(app, "/login", { email: `${"a".repeat(250)}@x.io`, password: "p".repeat(129) });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body.errors)).toEqual(["email", "password"]);
    const malformed = await post(app, "/login", '{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toEqual(expect.any(String));
  });

  it("locks an e-mail after 5 failures in 15 minutes (429 with Retry-After), even for the right password", async () => {
    const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    for (let i = 0; i < 5; i++) {
      // A new address each time: the per-e-mail limit must hold across addresses.
      expect((await post(app, "/login", { email: user.email, password: `wrong ${i}` }, fromNewAddress())).status).toBe(401);
    }
    const locked = await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, fromNewAddress());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);

    clock.advance(15 * 60 * 1000 + 1000);
    const later = await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, fromNewAddress());
    expect(later.status).toBe(200);
  }, 20_000);

  it("clears the e-mail's counter on success, so earlier failures do not add up", async () => {
    const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 3; i++) {
        expect((await post(app, "/login", { email: user.email, password: "nope nope" }, fromNewAddress())).status).toBe(401);
      }
      expect((await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, fromNewAddress())).status).toBe(200);
    }
  }, 20_000);

  it("locks a client address after 20 failures across any e-mails", async () => {
    const address = { "cf-connecting-ip": "203.0.113.7" };
    for (let i = 0; i < 20; i++) {
      expect((await post(app, "/login", { email: `spray${i}@test.quiz`, password: "guess guess" }, address)).status).toBe(401);
    }
    const res = await post(app, "/login", { email: tenant.owner.email, password: TEST_PASSWORD }, address);
    expect(res.status).toBe(429);
    // Other addresses are unaffected, and so is the owner's account.
    expect((await post(app, "/login", { email: tenant.owner.email, password: TEST_PASSWORD }, fromNewAddress())).status).toBe(200);
    const rows = await services.db.select().from(loginThrottle);
    expect(rows.find((row) => row.key === "ip:203.0.113.7")?.failures).toBe(20);
  }, 20_000);
});
