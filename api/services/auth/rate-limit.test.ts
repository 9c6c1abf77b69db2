import { beforeAll, describe, expect, it } from "vitest";
import { loginThrottle } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { TooManyRequests } from "../core/errors";
import { createTestServices } from "../../test-support/test-app.node.ts";
import { movableClock } from "../../routes/__tests__/auth-helpers.node.ts";
import { EMAIL_ACTION_LIMITS, rateLimit, rateLimitEmailAction } from "./rate-limit";

const HOUR = 60 * 60 * 1000;

async function refusal(attempt: Promise<unknown>): Promise<TooManyRequests> {
  const error = await attempt.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(TooManyRequests);
  return error as TooManyRequests;
}

describe("rateLimit (fixed window on login_throttle)", () => {
  let services: AppServices;
  let clock: ReturnType<typeof movableClock>;

  beforeAll(async () => {
    services = await createTestServices();
    clock = movableClock(services);
  });

  it("allows `limit` attempts per window, then 429 with the seconds left in the window", async () => {
    const rule = { key: "test:window", limit: 3, windowMs: HOUR };
    for (let i = 0; i < 3; i++) await rateLimit(services, [rule]);
    clock.advance(10 * 60 * 1000);
    const refused = await refusal(rateLimit(services, [rule]));
    expect(refused.status).toBe(429);
    expect(refused.retryAfterSeconds).toBe(50 * 60);
    expect(refused.message).toBe("Too many attempts. Please try again in 50 minutes.");
    // Said by code (docs/decisions/0061): pages word the wait from its value, never from the text.
    expect([refused.code, refused.params]).toEqual(["TOO_MANY_ATTEMPTS", { minutes: 50 }]);
    clock.advance(50 * 60 * 1000);
    // A new window: the count starts again.
    await rateLimit(services, [rule]);
    await rateLimit(services, [rule]);
  });

  it("refuses when any one of several counters is over its limit", async () => {
    const tight = { key: "test:tight", limit: 1, windowMs: HOUR };
    const loose = { key: "test:loose", limit: 100, windowMs: HOUR };
    await rateLimit(services, [tight, loose]);
    await refusal(rateLimit(services, [tight, loose]));
    await rateLimit(services, [loose]);
  });
});

describe("rateLimitEmailAction", () => {
  let services: AppServices;

  beforeAll(async () => {
    services = await createTestServices();
  });

  it("allows a few an hour per e-mail (any case), and each purpose has its own allowance", async () => {
    expect(EMAIL_ACTION_LIMITS).toMatchObject({ perEmail: 5, perAddress: 100, windowMs: HOUR });
    for (let i = 0; i < 5; i++) await rateLimitEmailAction(services, "verify-resend", { email: "Pupil@School.test", clientAddress: `192.0.2.${i}` });
    const refused = await refusal(rateLimitEmailAction(services, "verify-resend", { email: "pupil@school.test", clientAddress: "192.0.2.99" }));
    expect(refused.retryAfterSeconds).toBeGreaterThan(59 * 60);
    await rateLimitEmailAction(services, "forgot-password", { email: "pupil@school.test", clientAddress: "192.0.2.99" });
  });

  it("lets a class of 100 through from one address, and refuses the 101st", async () => {
    for (let i = 0; i < 100; i++) await rateLimitEmailAction(services, "register", { email: `pupil${i}@school.test`, clientAddress: "203.0.113.9" });
    await refusal(rateLimitEmailAction(services, "register", { email: "late@school.test", clientAddress: "203.0.113.9" }));
    await rateLimitEmailAction(services, "register", { email: "late@school.test", clientAddress: "203.0.113.10" });
  });

  it("counts an IPv6 client by its /64, so rotating addresses inside it changes nothing", async () => {
    for (let i = 0; i < 100; i++) {
      await rateLimitEmailAction(services, "forgot-password", { email: `v6-${i}@school.test`, clientAddress: `2001:db8:7:7::${i.toString(16)}` });
    }
    await refusal(rateLimitEmailAction(services, "forgot-password", { email: "v6-late@school.test", clientAddress: "2001:db8:7:7:ffff::1" }));
    const keys = (await services.db.select({ key: loginThrottle.key }).from(loginThrottle)).map((row) => row.key);
    expect(keys).toContain("forgot-password:ip:2001:db8:7:7::/64");
  });
});
