import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import { mfaRecoveryCodes, userMfa } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { LOGIN_LIMITS } from "../../services/auth/login-throttle";
import { MFA_TOKEN_TTL_SECONDS } from "../../services/auth/mfa/mfa-token";
import { type AuthApp, authSchool, cookiesOf, fromNewAddress, type MovableClock, post, send, type Tenant } from "./auth-helpers.node.ts";

/**
 * Two-step sign-in (ASVS 4.3.1, 2.8.1–2.8.6, 2.5.7): set-up, enabling, the code step of a
 * password sign-in, one use per code, recovery codes, the throttle and turning it off.
 * Codes are computed from the returned secret with otpauth, as an authenticator app would.
 */
describe("two-step sign-in", () => {
  let app: AuthApp, services: AppServices, clock: MovableClock, tenant: Tenant;

  beforeAll(async () => {
    ({ app, services, clock, tenant } = await authSchool("Two Step School", { quizModule: true }));
  });

  /** The app's current code for a secret (optionally a number of 30-second steps away). */
  const codeFor = (secret: string, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
      timestamp: services.now().getTime() + steps * 30_000,
    });
  /** Moves the clock to the next 30-second step, so the app shows a new code. */
  const nextStep = () => clock.advance(30_000);

  const signIn = async (email: string, password = TEST_PASSWORD) => post(app, "/login", { email, password }, fromNewAddress());
  const auth = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const me = (accessToken: string) => send(app, "GET", "/me", undefined, auth(accessToken));
  const mailTags = async (email: string) =>
    (await services.db.query.emailOutbox.findMany({ where: (m, { eq }) => eq(m.to, email) })).map((mail) => mail.tag);

  /** A new user, signed in with a session (no second step yet). */
  async function newSignedInUser(userType: "Student" | "Admin" = "Student") {
    const user = await createUser(services.db, { businessId: tenant.business.id, userType });
    const session = await signIn(user.email);
    expect(session.status).toBe(200);
    return { user, headers: auth(session.body.accessToken), accessToken: session.body.accessToken as string };
  }

  /** A user with two-step sign-in on: its secret and recovery codes. */
  async function userWithMfa() {
    const signedIn = await newSignedInUser();
    const setup = await post(app, "/mfa/setup", { currentPassword: TEST_PASSWORD }, signedIn.headers);
    expect(setup.status).toBe(200);
    const enabled = await post(app, "/mfa/enable", { code: codeFor(setup.body.secret) }, signedIn.headers);
    expect(enabled.status).toBe(200);
    nextStep();
    return { ...signedIn, secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  /** The password step: must answer a challenge, not a session. */
  async function challenge(email: string): Promise<string> {
    const res = await signIn(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(res.headers.getSetCookie()).toEqual([]);
    return res.body.mfaToken;
  }

  const secondStep = (mfaToken: unknown, code: unknown, headers = fromNewAddress()) => post(app, "/login/mfa", { mfaToken, code }, headers);

  describe("setting it up", () => {
    it("needs the current password, and hands out a secret, its key URI and a QR code", async () => {
      const { headers } = await newSignedInUser();
      const wrong = await post(app, "/mfa/setup", { currentPassword: "not the password" }, headers);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors).toEqual({ currentPassword: "The current password is not correct" });

      const res = await post(app, "/mfa/setup", { currentPassword: TEST_PASSWORD }, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(res.body.otpauthUrl);
      expect(uri.protocol).toBe("otpauth:");
      expect(uri.host).toBe("totp");
      expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret: res.body.secret, algorithm: "SHA1", digits: "6", period: "30" });
      expect(res.body.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    });

    it("changes nothing for sign-in while pending, and starting again replaces the pending secret", async () => {
      const { user, headers, accessToken } = await newSignedInUser();
      const first = await post(app, "/mfa/setup", { currentPassword: TEST_PASSWORD }, headers);
      expect((await signIn(user.email)).body.accessToken).toEqual(expect.any(String));
      expect((await me(accessToken)).body.user.mfaEnabled).toBe(false);

      const second = await post(app, "/mfa/setup", { currentPassword: TEST_PASSWORD }, headers);
      expect(second.body.secret).not.toBe(first.body.secret);
      const stale = await post(app, "/mfa/enable", { code: codeFor(first.body.secret) }, headers);
      expect(stale.status).toBe(400);
      expect(stale.body.errors.code).toMatch(/^The code is not correct/);
      expect((await post(app, "/mfa/enable", { code: codeFor(second.body.secret) }, headers)).status).toBe(200);
    }, 20_000);

    it("enables with a code: ten recovery codes shown once and stored hashed, a notice mail, /me says so", async () => {
      const { user, headers, accessToken } = await newSignedInUser();
      expect((await post(app, "/mfa/enable", { code: "123456" }, headers)).status).toBe(409);
      const setup = await post(app, "/mfa/setup", { currentPassword: TEST_PASSWORD }, headers);
      const res = await post(app, "/mfa/enable", { code: codeFor(setup.body.secret) }, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      const codes: string[] = res.body.recoveryCodes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){5}$/);

      const stored = await services.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
      expect(stored).toHaveLength(10);
      for (const row of stored) {
        expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
        expect(codes.map((code) => code.replace(/-/g, ""))).not.toContain(row.codeHash);
      }
      expect(await mailTags(user.email)).toContain("security-mfa-enabled");
      expect((await me(accessToken)).body.user.mfaEnabled).toBe(true);
      expect((await post(app, "/mfa/enable", { code: codeFor(setup.body.secret) }, headers)).status).toBe(409);
      expect((await post(app, "/mfa/setup", { currentPassword: TEST_PASSWORD }, headers)).status).toBe(409);
      expect((await send(app, "GET", "/mfa", undefined, headers)).body).toEqual({ enabled: true, enabledAt: expect.any(Number), recoveryCodesLeft: 10 });
    }, 20_000);
  });

  describe("signing in", () => {
    it("asks for a code after the password; the code opens a session with cookies, like /login", async () => {
      const { user, secret } = await userWithMfa();
      const mfaToken = await challenge(user.email);
      const res = await secondStep(mfaToken, codeFor(secret));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), user: { id: user.id, mfaEnabled: true } });
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(cookiesOf(res.headers)).toMatchObject({ quiz_access: res.body.accessToken, quiz_refresh: res.body.refreshToken });
      expect((await me(res.body.accessToken)).status).toBe(200);
    }, 20_000);

    it("accepts a code once: the same code, or an older one, is refused afterwards and the reuse is mailed (ASVS 2.8.4, 2.8.5)", async () => {
      const { user, secret } = await userWithMfa();
      const code = codeFor(secret);
      const olderCode = codeFor(secret, -1);
      expect((await secondStep(await challenge(user.email), code)).status).toBe(200);
      const replay = await secondStep(await challenge(user.email), code);
      expect(replay.status).toBe(401);
      expect(replay.body).toEqual({ code: "MFA_CODE_WRONG", message: "The code is not correct", errors: { code: "The code is not correct" }, errorCodes: { code: "MFA_CODE_WRONG" } });
      expect(await mailTags(user.email)).toContain("security-mfa-code-reused");
      expect((await secondStep(await challenge(user.email), olderCode)).status).toBe(401);
      nextStep();
      expect((await secondStep(await challenge(user.email), codeFor(secret))).status).toBe(200);
    }, 30_000);

    it("lets one of two concurrent requests with the same code through", async () => {
      const { user, secret } = await userWithMfa();
      const [a, b] = [await challenge(user.email), await challenge(user.email)];
      const code = codeFor(secret);
      const statuses = (await Promise.all([secondStep(a, code), secondStep(b, code)])).map((res) => res.status).sort();
      expect(statuses).toEqual([200, 401]);
    }, 20_000);

    it("accepts codes one step either side of now, not two (ASVS 2.8.1)", async () => {
      const { user, secret } = await userWithMfa();
      nextStep();
      expect((await secondStep(await challenge(user.email), codeFor(secret, -2))).status).toBe(401);
      expect((await secondStep(await challenge(user.email), codeFor(secret, 2))).status).toBe(401);
      expect((await secondStep(await challenge(user.email), codeFor(secret, 1))).status).toBe(200);
    }, 20_000);

    it("takes a recovery code once, however it is typed, and tells the user by mail", async () => {
      const { user, recoveryCodes, headers } = await userWithMfa();
      const typed = ` ${recoveryCodes[3].toUpperCase().replace(/-/g, " ")} `;
      const res = await secondStep(await challenge(user.email), typed);
      expect(res.status).toBe(200);
      expect(await mailTags(user.email)).toContain("security-mfa-recovery-code-used");
      expect((await secondStep(await challenge(user.email), recoveryCodes[3])).status).toBe(401);
      expect((await secondStep(await challenge(user.email), recoveryCodes[4])).status).toBe(200);
      expect((await send(app, "GET", "/mfa", undefined, headers)).body.recoveryCodesLeft).toBe(8);
    }, 20_000);

    it("counts wrong codes as sign-in failures: 10 lock the account (429), and the password step does not reset them", async () => {
      const { user, secret } = await userWithMfa();
      let mfaToken = await challenge(user.email);
      for (let i = 0; i < LOGIN_LIMITS.account - 1; i++) {
        // A fresh password step after every wrong code must not clear the count.
        if (i % 3 === 2) mfaToken = await challenge(user.email);
        expect((await secondStep(mfaToken, "000000")).status).toBe(401);
      }
      expect((await secondStep(mfaToken, "not-a-recovery-code")).status).toBe(401);
      const locked = await secondStep(mfaToken, codeFor(secret));
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await signIn(user.email)).status).toBe(429);
    }, 30_000);

    it("a right code clears the account's failures", async () => {
      const { user, secret } = await userWithMfa();
      const mfaToken = await challenge(user.email);
      for (let i = 0; i < LOGIN_LIMITS.account - 2; i++) expect((await secondStep(mfaToken, "000000")).status).toBe(401);
      expect((await secondStep(mfaToken, codeFor(secret))).status).toBe(200);
      nextStep();
      for (let i = 0; i < 2; i++) expect((await secondStep(mfaToken, "000000")).status).toBe(401);
      expect((await secondStep(mfaToken, codeFor(secret))).status).toBe(200);
    }, 30_000);

    it("the mfaToken is no access token, an access token is no mfaToken, and it expires after 5 minutes", async () => {
      const { user, secret, accessToken } = await userWithMfa();
      const mfaToken = await challenge(user.email);
      expect((await me(mfaToken)).status).toBe(401);
      expect((await send(app, "GET", "/me", undefined, { cookie: `quiz_access=${mfaToken}` })).status).toBe(401);
      expect((await secondStep(accessToken, codeFor(secret))).body).toEqual({ code: "SIGN_IN_EXPIRED", message: "This sign-in has expired. Please sign in again" });

      // Same secret and claims but the access tokens' audience: refused.
      const forged = await new SignJWT({ step: "mfa" })
        .setProtectedHeader({ alg: "HS256", typ: "quiz-mfa+jwt" })
        .setIssuer("quiz-app")
        .setAudience(`${services.config.appUrl}/api`)
        .setSubject(String(user.id))
        .setExpirationTime("5m")
        .sign(new TextEncoder().encode(services.config.jwtSecret));
      expect((await secondStep(forged, codeFor(secret))).status).toBe(401);

      clock.advance((MFA_TOKEN_TTL_SECONDS + 1) * 1000);
      expect((await secondStep(mfaToken, codeFor(secret))).status).toBe(401);
    }, 20_000);

    it("answers 400, never 500, to bad input", async () => {
      const { user } = await userWithMfa();
      const mfaToken = await challenge(user.email);
      for (const body of [{}, { mfaToken }, { code: "123456" }, { mfaToken, code: 123456 }, { mfaToken, code: "" }, { mfaToken, code: "1".repeat(65) }, { mfaToken: ["x"], code: "1" }, []]) {
        const res = await post(app, "/login/mfa", body, fromNewAddress());
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.message).toEqual(expect.any(String));
      }
      expect((await post(app, "/login/mfa", "{not json", fromNewAddress())).status).toBe(400);
      expect((await secondStep("not-a-jwt", "123456")).status).toBe(401);
    }, 20_000);

    it("is not asked by key-pair sign-in, and survives a password change and a reset", async () => {
      const { user, headers, secret } = await userWithMfa();
      const keys = await post(app, "/keys", { currentPassword: TEST_PASSWORD }, headers);
      expect(keys.status).toBe(201);
      const keyLogin = await post(app, "/login_using_keys", { ...keys.body });
      expect(keyLogin.status).toBe(200);
      expect(keyLogin.body.accessToken).toEqual(expect.any(String));

      const password = "a quite different passphrase 7";
      const changed = await post(app, "/change-password", { currentPassword: TEST_PASSWORD, password, confirmPassword: password }, headers);
      expect(changed.status).toBe(200);
      expect((await me(changed.body.accessToken)).body.user.mfaEnabled).toBe(true);
      expect((await signIn(user.email, password)).body.mfaRequired).toBe(true);

      await post(app, "/forgot-password", { email: user.email });
      const [mail] = (await services.db.query.emailOutbox.findMany({ where: (m, { eq }) => eq(m.to, user.email) })).slice(-1);
      const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
      const resetTo = "yet another passphrase for reset";
      expect((await post(app, "/reset-password", { token, password: resetTo, confirmPassword: resetTo })).status).toBe(200);
      const mfaToken = (await signIn(user.email, resetTo)).body.mfaToken;
      expect((await secondStep(mfaToken, codeFor(secret))).status).toBe(200);
    }, 30_000);
  });

  describe("turning it off", () => {
    it("needs a code and the current password; then sign-in needs only the password again", async () => {
      const { user, headers, secret, accessToken } = await userWithMfa();
      const wrongCode = await post(app, "/mfa/disable", { currentPassword: TEST_PASSWORD, code: "000000" }, headers);
      expect(wrongCode.status).toBe(400);
      expect(wrongCode.body.errors).toEqual({ code: "The code is not correct" });
      const wrongPassword = await post(app, "/mfa/disable", { currentPassword: "wrong password!", code: codeFor(secret) }, headers);
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body.errors).toEqual({ currentPassword: "The current password is not correct" });
      expect((await me(accessToken)).body.user.mfaEnabled).toBe(true);

      nextStep();
      const res = await post(app, "/mfa/disable", { currentPassword: TEST_PASSWORD, code: codeFor(secret) }, headers);
      expect(res.status).toBe(200);
      expect(await mailTags(user.email)).toContain("security-mfa-disabled");
      expect(await services.db.select().from(userMfa).where(eq(userMfa.userId, user.id))).toEqual([]);
      expect(await services.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toEqual([]);
      expect((await signIn(user.email)).body.accessToken).toEqual(expect.any(String));
      expect((await post(app, "/mfa/disable", { currentPassword: TEST_PASSWORD, code: codeFor(secret) }, headers)).status).toBe(409);
    }, 30_000);

    it("takes a recovery code instead of an app code (lost phone), and ends a pending second step", async () => {
      const { user, headers, recoveryCodes, secret } = await userWithMfa();
      const pending = await challenge(user.email);
      expect((await post(app, "/mfa/disable", { currentPassword: TEST_PASSWORD, code: recoveryCodes[0] }, headers)).status).toBe(200);
      expect((await secondStep(pending, codeFor(secret))).body).toEqual({ code: "SIGN_IN_EXPIRED", message: "This sign-in has expired. Please sign in again" });
    }, 20_000);

    it("counts wrong codes on the account's limit, so a session cannot guess codes", async () => {
      const { user, headers, secret } = await userWithMfa();
      for (let i = 0; i < LOGIN_LIMITS.account; i++) {
        expect((await post(app, "/mfa/disable", { currentPassword: TEST_PASSWORD, code: "000000" }, headers)).status).toBe(400);
      }
      expect((await post(app, "/mfa/disable", { currentPassword: TEST_PASSWORD, code: codeFor(secret) }, headers)).status).toBe(429);
      expect((await signIn(user.email)).status).toBe(429);
    }, 30_000);
  });

  it("needs a session for set-up, enable, disable and status", async () => {
    for (const [method, path] of [["POST", "/mfa/setup"], ["POST", "/mfa/enable"], ["POST", "/mfa/disable"], ["GET", "/mfa"]]) {
      expect((await send(app, method, path, method === "POST" ? {} : undefined)).status, path).toBe(401);
    }
  });
});
