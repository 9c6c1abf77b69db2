import { beforeAll, describe, expect, it } from "vitest";
import { createBusiness, createUser } from "../../test-support/factories.node.ts";
import { loginThrottle } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { STRENGTH_METER_LIMIT } from "../../services/auth/password-strength-meter";
import { bearer } from "../../test-support/test-app.node.ts";
import { authTestApp, fromAddress, fromNewAddress, post } from "./auth-helpers.node.ts";

const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

/** Made-up names: zxcvbn's lists do not know them, so only the owner's own data makes them guessable. */
const QUILLIAM = { email: "quilliam.vandersnoot@school.test", fullname: "Quilliam Vandersnoot", username: "qvander" };
const OWN_NAME_PASSWORD = "quilliamvandersnoot";

describe("POST /auth/password-strength (the strength meter)", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let businessId: number;
  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    // Self-registration joins the deployment's business, so there must be one.
    businessId = (await createBusiness(services.db)).id;
  });

  const meter = (body: unknown, headers: Record<string, string> = fromNewAddress()) => post(app, "/password-strength", body, headers);

  it("rates a common password low and unacceptable, a passphrase 4 and acceptable, without a session", async () => {
    const weak = await meter({ password: "password1234" });
    expect(weak.status).toBe(200);
    expect(weak.body).toEqual({ score: expect.any(Number), acceptable: false });
    expect(weak.body.score).toBeLessThan(3);
    expect(weak.headers.get("cache-control")).toBe("no-store");

    const strong = await meter({ password: "Lantern-orbit-meadow-72" });
    expect(strong.status).toBe(200);
    expect(strong.body).toEqual({ score: 4, acceptable: true });
  });

  it("counts the e-mail and names typed on the form, as registration does", async () => {
    const alone = await meter({ password: OWN_NAME_PASSWORD });
    expect(alone.body).toEqual({ score: 4, acceptable: true });
    const withOwner = await meter({ password: OWN_NAME_PASSWORD, ...QUILLIAM });
    expect(withOwner.status).toBe(200);
    expect(withOwner.body.acceptable).toBe(false);
    expect(withOwner.body.score).toBeLessThan(3);
    // And registration itself refuses it: the meter's "acceptable" is the rule that applies.
    const registered = await post(app, "/register", { ...QUILLIAM, password: OWN_NAME_PASSWORD }, fromNewAddress());
    expect(registered.status, JSON.stringify(registered.body)).toBe(400);
    expect(registered.body.errors.password).toBeDefined();
  });

  it("signed in, counts the account's own e-mail and names (the change-password form)", async () => {
    const user = await createUser(services.db, { businessId, userType: "Student", ...QUILLIAM, email: "quilliam.v@school.test" });
    const answer = await meter({ password: OWN_NAME_PASSWORD }, { ...fromNewAddress(), ...(await bearer(services, user)) });
    expect(answer.status).toBe(200);
    expect(answer.body.acceptable).toBe(false);
  });

  it("does not accept 11 characters however unguessable: the schema's minimum of 12 applies", async () => {
    const short = await meter({ password: "Vq7#pL2!zR9" });
    expect(short.status).toBe(200);
    expect(short.body).toEqual({ score: 4, acceptable: false });
    const twelve = await meter({ password: "Vq7#pL2!zR9m" });
    expect(twelve.body).toEqual({ score: 4, acceptable: true });
  });

  it("answers 400 with a message to bad input and counts nothing", async () => {
    const address = "198.51.100.80";
    const cases: [unknown, string][] = [
      [[1, 2], "The request body must be a JSON object"],
      [{}, "Password is required"],
      [{ password: 12 }, "Password is not valid"],
      [{ password: "x".repeat(129) }, "Password must be at most 128 characters"],
      [{ password: "Lantern-orbit-meadow-72", email: "x".repeat(300) }, "Email must be at most 254 characters"],
      [{ password: "Lantern-orbit-meadow-72", fullname: ["a"] }, "Fullname is not valid"],
    ];
    for (const [body, message] of cases) {
      const res = await meter(body, fromAddress(address));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect((await meter("{not json", fromAddress(address))).status).toBe(400);
    const counters = await services.db.select().from(loginThrottle);
    expect(counters.filter((row) => row.key.includes(address))).toEqual([]);
  });

  it(`answers 429 after ${STRENGTH_METER_LIMIT.perAddress} checks an hour from one address, not from others`, async () => {
    const school = "198.51.100.81";
    // The counter as a busy hour of typing would have left it, one short of the ceiling.
    await services.db
      .insert(loginThrottle)
      .values({ key: `password-strength:ip:${school}`, failures: STRENGTH_METER_LIMIT.perAddress - 1, windowStartedAt: services.now() });
    expect((await meter({ password: "Lantern-orbit-meadow-72" }, fromAddress(school))).status).toBe(200);
    const refused = await meter({ password: "Lantern-orbit-meadow-72" }, fromAddress(school));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(TOO_MANY);
    expect(refused.body.code).toBe("TOO_MANY_ATTEMPTS");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await meter({ password: "Lantern-orbit-meadow-72" }, fromNewAddress())).status).toBe(200);
  });
});
