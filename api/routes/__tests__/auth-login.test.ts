import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import { loginThrottle } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { LOGIN_LIMITS } from "../../services/auth/login-throttle";
import { type AuthApp, authSchool, cookiesOf, fromAddress, fromNewAddress, type MovableClock, post, type Tenant } from "./auth-helpers.node.ts";

const FAILED = "The login detail is incorrect";

describe("POST /auth/login", () => {
  let app: AuthApp, services: AppServices, clock: MovableClock, tenant: Tenant;

  beforeAll(async () => {
    ({ app, services, clock, tenant } = await authSchool("Login School"));
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
      expect(res.body).toEqual({ code: "LOGIN_INCORRECT", message: FAILED });
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

  it("locks an account after 10 failures in 15 minutes (429 with Retry-After), from any addresses and forwarded headers", async () => {
    expect(LOGIN_LIMITS.account).toBe(10);
    const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    for (let i = 0; i < 10; i++) {
      // A new address and new forwarded headers each time: none of them resets the account's count.
      const rotating = { ...fromNewAddress(), "x-forwarded-for": `198.51.100.${i}`, "cf-connecting-ip": `198.51.101.${i}` };
      expect((await post(app, "/login", { email: user.email, password: `wrong ${i}` }, rotating)).status).toBe(401);
    }
    const locked = await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, { ...fromNewAddress(), "x-forwarded-for": "192.0.2.200" });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
    expect(locked.body).toMatchObject({ code: "SIGN_IN_THROTTLED", params: { minutes: 15 } });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // Other accounts are not affected.
    expect((await post(app, "/login", { email: tenant.teacher.email, password: TEST_PASSWORD }, fromNewAddress())).status).toBe(200);

    clock.advance(15 * 60 * 1000 + 1000);
    const later = await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, fromNewAddress());
    expect(later.status).toBe(200);
  }, 30_000);

  it("clears the account's counter on success, so earlier failures do not add up", async () => {
    const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 6; i++) {
        expect((await post(app, "/login", { email: user.email, password: "nope nope" }, fromNewAddress())).status).toBe(401);
      }
      expect((await post(app, "/login", { email: user.email, password: TEST_PASSWORD }, fromNewAddress())).status).toBe(200);
    }
  }, 30_000);

  it("counts failures against the address the entry stamped, never a forwarded header", async () => {
    const school = fromAddress("203.0.113.50");
    for (const forwarded of ["198.51.100.1", "198.51.100.2"]) {
      const res = await post(app, "/login", { email: tenant.student.email, password: "typo typo" }, { ...school, "x-forwarded-for": forwarded, "cf-connecting-ip": forwarded });
      expect(res.status).toBe(401);
    }
    const keys = (await services.db.select().from(loginThrottle)).map((row) => row.key);
    expect(keys).toContain("ip:203.0.113.50");
    expect(keys.filter((key) => key.includes("198.51.100"))).toEqual([]);
    expect((await services.db.select().from(loginThrottle).where(eq(loginThrottle.key, "ip:203.0.113.50")))[0].failures).toBe(2);
    expect((await post(app, "/login", { email: tenant.student.email, password: TEST_PASSWORD }, school)).status).toBe(200);
  });

  it("lets a whole school behind one address in: the NAT address's 3,000 typos in a minute lock nobody", async () => {
    // The load itself (1,000 students, 4,000 sign-ins) is measured by `npm run bench:school-sign-in`;
    // here the rule: the address's counter as 999 students with three typos each left it, then
    // the last student's three typos and right password from the same address.
    expect(LOGIN_LIMITS.address).toBeGreaterThan(3000);
    const natAddress = fromAddress("192.0.2.77");
    await services.db.insert(loginThrottle).values({ key: "ip:192.0.2.77", failures: 2997, windowStartedAt: services.now() });
    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    for (const typo of ["typo-0", "typo-1", "typo-2"]) {
      expect((await post(app, "/login", { email: student.email, password: typo }, natAddress)).status).toBe(401);
    }
    expect((await post(app, "/login", { email: student.email, password: TEST_PASSWORD }, natAddress)).status).toBe(200);
    const [counter] = await services.db.select().from(loginThrottle).where(eq(loginThrottle.key, "ip:192.0.2.77"));
    expect(counter.failures).toBe(3000);
    expect(counter.lockedUntil).toBeNull();
  });

  it("locks an address at its ceiling; other addresses and the accounts themselves are unaffected", async () => {
    const spraying = "203.0.113.7";
    const now = services.now();
    // The counter as 9,999 earlier failures from this address would have left it.
    await services.db.insert(loginThrottle).values({ key: `ip:${spraying}`, failures: LOGIN_LIMITS.address - 1, windowStartedAt: now });
    expect((await post(app, "/login", { email: "spray@test.quiz", password: "guess guess" }, fromAddress(spraying))).status).toBe(401);
    const res = await post(app, "/login", { email: tenant.owner.email, password: TEST_PASSWORD }, fromAddress(spraying));
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(app, "/login", { email: tenant.owner.email, password: TEST_PASSWORD }, fromNewAddress())).status).toBe(200);
  }, 20_000);
});
