import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, loginThrottle } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { RESET_COOLDOWN_MS } from "../../services/auth/request-password-reset";
import { type AuthApp, authSchool, fromAddress, fromNewAddress, type MovableClock, post, type Tenant } from "./auth-helpers.node.ts";

const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;
const HOUR = 60 * 60 * 1000;

const registration = (email: string) => ({ email, fullname: "Class Pupil", username: email.split("@")[0], password: "Vq7#pL2!zR9m-quiz", userType: "Student" });

describe("registration and forgot-password rate limits", () => {
  let app: AuthApp, services: AppServices, clock: MovableClock, tenant: Tenant;

  beforeAll(async () => {
    ({ app, services, clock, tenant } = await authSchool("Rate School"));
  });

  /** The counter as `failures` earlier attempts within this hour would have left it. */
  const presetCounter = (key: string, failures: number) =>
    services.db.insert(loginThrottle).values({ key, failures, windowStartedAt: services.now() });

  describe("POST /auth/register", () => {
    it("allows 5 attempts an hour per e-mail, then 429 with Retry-After, from any address", async () => {
      const email = "repeat@school.test";
      expect((await post(app, "/register", registration(email), fromNewAddress())).status).toBe(201);
      for (let i = 0; i < 4; i++) expect((await post(app, "/register", registration(email), fromNewAddress())).status).toBe(409);
      const refused = await post(app, "/register", registration(email), fromNewAddress());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(TOO_MANY);
      // The wait by code and value (docs/decisions/0061), the same minutes as the text's.
      expect(refused.body).toMatchObject({ code: "TOO_MANY_ATTEMPTS", params: { minutes: Math.ceil(Number(refused.headers.get("retry-after")) / 60) } });
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(3600);
      clock.advance(HOUR);
      expect((await post(app, "/register", registration(email), fromNewAddress())).status).toBe(409);
    }, 30_000);

    it("lets the 100th registration of the hour from one address through (a class), refuses the 101st, not other addresses", async () => {
      const classroom = "198.51.100.30";
      await presetCounter(`register:ip:${classroom}`, 99);
      expect((await post(app, "/register", registration("pupil-100@school.test"), fromAddress(classroom))).status).toBe(201);
      const refused = await post(app, "/register", registration("pupil-101@school.test"), fromAddress(classroom));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(TOO_MANY);
      expect((await post(app, "/register", registration("pupil-101@school.test"), fromNewAddress())).status).toBe(201);
    }, 30_000);

    it("ignores forwarded headers: only the address the entry stamped is counted", async () => {
      const classroom = "198.51.100.31";
      await presetCounter(`register:ip:${classroom}`, 100);
      const spoofed = await post(app, "/register", registration("spoof@school.test"), { ...fromAddress(classroom), "x-forwarded-for": "192.0.2.1", "cf-connecting-ip": "192.0.2.2" });
      expect(spoofed.status).toBe(429);
    });
  });

  describe("POST /auth/forgot-password", () => {
    const mailCount = async () => (await services.db.select({ n: count() }).from(emailOutbox))[0].n;

    it("sends at most 5 links an hour per account, beyond the one-a-minute cool-down", async () => {
      const email = tenant.student.email;
      const before = await mailCount();
      for (let i = 0; i < 5; i++) {
        clock.advance(RESET_COOLDOWN_MS);
        expect((await post(app, "/forgot-password", { email }, fromNewAddress())).status).toBe(200);
      }
      clock.advance(RESET_COOLDOWN_MS);
      const refused = await post(app, "/forgot-password", { email }, fromNewAddress());
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(TOO_MANY);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await mailCount()).toBe(before + 5);
    });

    it("counts unknown e-mails too, so probing for accounts meets the same limits", async () => {
      const prober = fromAddress("203.0.113.40");
      for (let i = 0; i < 5; i++) expect((await post(app, "/forgot-password", { email: "ghost@school.test" }, prober)).status).toBe(404);
      expect((await post(app, "/forgot-password", { email: "ghost@school.test" }, prober)).status).toBe(429);
      await presetCounter("forgot-password:ip:203.0.113.41", 100);
      const refused = await post(app, "/forgot-password", { email: tenant.teacher.email }, fromAddress("203.0.113.41"));
      expect(refused.status).toBe(429);
    });
  });
});
