import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { createUser, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import { adminSettings, apiKeyPairs, sessions } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { issueSession } from "../../services/auth/issue-session";
import { ROTATION_GRACE_MS } from "../../services/auth/refresh-session";
import { type AuthApp, authSchool, cookiesOf, type MovableClock, post, send, type Tenant } from "./auth-helpers.node.ts";

/**
 * Issue 6 item 3: an access token is honoured only while its session is open, so every way
 * of ending a sign-in takes effect on the next request, not 15 minutes later.
 */
describe("access tokens die with their session", () => {
  let app: AuthApp, services: AppServices, clock: MovableClock, tenant: Tenant;

  beforeAll(async () => {
    ({ app, services, clock, tenant } = await authSchool("Session School", { quizModule: true }));
  });

  const me = (accessToken: string) => send(app, "GET", "/me", undefined, { authorization: `Bearer ${accessToken}` });
  const newUser = (userType: "Student" | "Teacher" = "Student") => createUser(services.db, { businessId: tenant.business.id, userType });
  const signIn = async (email: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36") => {
    const res = await post(app, "/login", { email, password: TEST_PASSWORD }, { "user-agent": userAgent });
    expect(res.status).toBe(200);
    return res.body as { accessToken: string; refreshToken: string; user: { id: number } };
  };

  it("logout ends the session: the access token is refused at once", async () => {
    const session = await issueSession(services, tenant.student.id);
    expect((await me(session.accessToken)).status).toBe(200);
    await post(app, "/logout", { refreshToken: session.refreshToken });
    expect((await me(session.accessToken)).status).toBe(401);
  });

  it("logout with only a Bearer token (another module, a script) ends that token's session", async () => {
    const session = await issueSession(services, tenant.student.id);
    expect((await post(app, "/logout", undefined, { authorization: `Bearer ${session.accessToken}` })).status).toBe(200);
    expect((await me(session.accessToken)).status).toBe(401);
    expect((await post(app, "/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
  });

  it("refuses tokens without a session claim, for another audience, or naming another user's session", async () => {
    const key = new TextEncoder().encode(services.config.jwtSecret);
    const victim = await issueSession(services, tenant.teacher.id);
    const victimSid = (await services.db.select().from(sessions).where(eq(sessions.userId, tenant.teacher.id)))[0].id;
    const forge = (claims: Record<string, unknown>, audience: string | null) => {
      const jwt = new SignJWT({ bid: tenant.business.id, typ: "Student", prf: 4, rl: 4, ...claims })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuer("quiz-app")
        .setSubject(String(tenant.student.id))
        .setIssuedAt()
        .setExpirationTime("5m");
      return (audience ? jwt.setAudience(audience) : jwt).sign(key);
    };
    const aud = `${services.config.appUrl}/api`;
    expect((await me(await forge({}, aud))).status).toBe(401);
    expect((await me(await forge({ sid: victimSid }, null))).status).toBe(401);
    expect((await me(await forge({ sid: victimSid }, "https://other.example/api"))).status).toBe(401);
    // Same secret, right audience, but the session belongs to someone else.
    expect((await me(await forge({ sid: victimSid }, aud))).status).toBe(401);
    expect((await me(victim.accessToken)).status).toBe(200);
  });

  it("the role switch ends the old session (its Student token stops working)", async () => {
    await services.db.insert(adminSettings).values({ businessId: tenant.business.id, maximumRoleLevelForTeacher: 8 }).onConflictDoNothing();
    const user = await newUser();
    const before = await signIn(user.email);
    const switched = await post(app, "/switch_user_type", undefined, { authorization: `Bearer ${before.accessToken}`, cookie: `quiz_refresh=${before.refreshToken}` });
    expect(switched.status).toBe(200);
    expect((await me(before.accessToken)).status).toBe(401);
    expect((await post(app, "/refresh", { refreshToken: before.refreshToken })).status).toBe(401);
    expect((await me(switched.body.accessToken)).body.user.userType).toBe("Teacher");
  });

  it("a password reset ends every session and key pair", async () => {
    const user = await newUser("Teacher");
    const a = await signIn(user.email);
    const keys = await post(app, "/keys", { currentPassword: TEST_PASSWORD }, { authorization: `Bearer ${a.accessToken}` });
    expect(keys.status).toBe(201);
    await post(app, "/forgot-password", { email: user.email });
    const [mail] = (await services.db.query.emailOutbox.findMany({ where: (m, { eq }) => eq(m.to, user.email) })).slice(-1);
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const password = "a fresh correct horse passphrase";
    expect((await post(app, "/reset-password", { token, password, confirmPassword: password })).status).toBe(200);
    expect((await me(a.accessToken)).status).toBe(401);
    expect((await post(app, "/login_using_keys", { ...keys.body })).status).toBe(401);
  }, 20_000);

  it("a session idle for longer than the idle timeout ends; use keeps it open", async () => {
    const user = await newUser();
    const idleMs = services.config.sessionIdleTimeoutSeconds * 1000;
    let active = await signIn(user.email);
    for (let elapsed = 0; elapsed < 2 * idleMs; elapsed += idleMs / 2) {
      clock.advance(idleMs / 2);
      const rotated = await post(app, "/refresh", { refreshToken: active.refreshToken });
      expect(rotated.status).toBe(200);
      active = rotated.body;
    }
    // Rotating every half timeout kept `active` open for twice the timeout; an unused session ends.
    const idle = await signIn(user.email);
    clock.advance(idleMs + 1000);
    expect((await post(app, "/refresh", { refreshToken: idle.refreshToken })).status).toBe(401);
  });

  it("refresh tokens have an absolute lifetime that rotation does not extend", async () => {
    // Weekly use only: lift the idle timeout for this test, so only the absolute lifetime speaks.
    const idleSeconds = services.config.sessionIdleTimeoutSeconds;
    services.config.sessionIdleTimeoutSeconds = 8 * 86_400;
    onTestFinished(() => void (services.config.sessionIdleTimeoutSeconds = idleSeconds));
    const user = await newUser();
    let tokens = await signIn(user.email);
    const lifetimeMs = services.config.refreshTokenTtlSeconds * 1000;
    for (let elapsed = 0; elapsed + 7 * 86_400_000 < lifetimeMs; elapsed += 7 * 86_400_000) {
      clock.advance(7 * 86_400_000);
      const rotated = await post(app, "/refresh", { refreshToken: tokens.refreshToken });
      expect(rotated.status).toBe(200);
      tokens = rotated.body;
    }
    clock.advance(7 * 86_400_000);
    expect((await post(app, "/refresh", { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect((await me(tokens.accessToken)).status).toBe(401);
  });

  it("the rotation grace window mints at most one extra successor, without ending the session", async () => {
    const user = await newUser();
    const first = await signIn(user.email);
    const rotated = await post(app, "/refresh", { refreshToken: first.refreshToken });
    const grace = await post(app, "/refresh", { refreshToken: first.refreshToken });
    expect([rotated.status, grace.status]).toEqual([200, 200]);
    const third = await post(app, "/refresh", { refreshToken: first.refreshToken });
    expect(third.status).toBe(401);
    // Not taken for theft: both successors still work and the session is open.
    expect((await me(rotated.body.accessToken)).status).toBe(200);
    expect((await post(app, "/refresh", { refreshToken: grace.body.refreshToken })).status).toBe(200);
    // Past the window the old token is a replay: the whole session ends.
    clock.advance(ROTATION_GRACE_MS + 1000);
    expect((await post(app, "/refresh", { refreshToken: first.refreshToken })).status).toBe(401);
    expect((await me(rotated.body.accessToken)).status).toBe(401);
  });

  describe("POST /auth/change-password", () => {
    it("needs the right current password and changes nothing otherwise", async () => {
      const user = await newUser();
      const session = await signIn(user.email);
      const auth = { authorization: `Bearer ${session.accessToken}` };
      const wrong = await post(app, "/change-password", { currentPassword: "not it", password: "brand new passphrase 42", confirmPassword: "brand new passphrase 42" }, auth);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.currentPassword).toBe("The current password is not correct");
      const same = await post(app, "/change-password", { currentPassword: TEST_PASSWORD, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, auth);
      expect(same.status).toBe(400);
      expect(same.body.errors.password).toEqual(expect.any(String));
      const weak = await post(app, "/change-password", { currentPassword: TEST_PASSWORD, password: "password123", confirmPassword: "password123" }, auth);
      expect(weak.status).toBe(400);
      expect(weak.body.errors.password).toEqual(expect.any(String));
      const mismatch = await post(app, "/change-password", { currentPassword: TEST_PASSWORD, password: "brand new passphrase 42", confirmPassword: "other" }, auth);
      expect(mismatch.status).toBe(400);
      expect((await me(session.accessToken)).status).toBe(200);
      expect((await post(app, "/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(200);
      expect((await post(app, "/change-password", { currentPassword: TEST_PASSWORD })).status).toBe(401);
    }, 20_000);

    it("ends every other session and key pair and starts a new session here", async () => {
      const user = await newUser();
      const here = await signIn(user.email);
      const elsewhere = await signIn(user.email, "curl/8.5.0");
      const auth = { authorization: `Bearer ${here.accessToken}` };
      const keys = await post(app, "/keys", { currentPassword: TEST_PASSWORD }, auth);
      const password = "brand new passphrase 42";
      const res = await post(app, "/change-password", { currentPassword: TEST_PASSWORD, password, confirmPassword: password }, auth);
      expect(res.status).toBe(200);
      expect(cookiesOf(res.headers).quiz_access).toBe(res.body.accessToken);
      expect((await me(elsewhere.accessToken)).status).toBe(401);
      expect((await me(here.accessToken)).status).toBe(401);
      expect((await me(res.body.accessToken)).status).toBe(200);
      expect((await post(app, "/login_using_keys", { ...keys.body })).status).toBe(401);
      expect((await post(app, "/login", { email: user.email, password })).status).toBe(200);
    }, 20_000);
  });

  it("tells the owner by e-mail when the password changes or a key pair is created (no secret in it)", async () => {
    const user = await newUser();
    const auth = { authorization: `Bearer ${(await signIn(user.email)).accessToken}` };
    const keys = await post(app, "/keys", { currentPassword: TEST_PASSWORD }, auth);
    const password = "brand new passphrase 42";
    expect((await post(app, "/change-password", { currentPassword: TEST_PASSWORD, password, confirmPassword: password }, auth)).status).toBe(200);
    const mails = await services.db.query.emailOutbox.findMany({ where: (m, { eq }) => eq(m.to, user.email) });
    expect(mails.map((mail) => mail.tag).sort()).toEqual(["security-key-pair-created", "security-password-changed"]);
    for (const mail of mails) {
      expect(mail.text).not.toContain(keys.body.private_key);
      expect(mail.text).not.toContain(password);
    }
  }, 20_000);

  describe("sessions of the signed-in user", () => {
    it("lists open sessions with device and the caller's marked current", async () => {
      const user = await newUser();
      const chrome = await signIn(user.email);
      await signIn(user.email, "curl/8.5.0");
      const res = await send(app, "GET", "/sessions", undefined, { authorization: `Bearer ${chrome.accessToken}` });
      expect(res.status).toBe(200);
      expect(res.body.sessions).toHaveLength(2);
      const current = res.body.sessions.filter((s: { current: boolean }) => s.current);
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({ device: "Chrome on Linux", createdAt: expect.any(Number), lastUsedAt: expect.any(Number) });
      expect(res.body.sessions.map((s: { device: string }) => s.device)).toContain("curl");
    });

    it("signs out one own session; another user's id answers 404 and stays open", async () => {
      const user = await newUser();
      const other = await newUser();
      const mine = await signIn(user.email);
      const phone = await signIn(user.email, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1");
      const theirs = await signIn(other.email);
      const auth = { authorization: `Bearer ${mine.accessToken}` };
      const list = (await send(app, "GET", "/sessions", undefined, auth)).body.sessions as { id: string; current: boolean }[];
      const phoneId = list.find((s) => !s.current)!.id;
      const theirId = (await send(app, "GET", "/sessions", undefined, { authorization: `Bearer ${theirs.accessToken}` })).body.sessions[0].id;

      expect((await send(app, "DELETE", `/sessions/${theirId}`, undefined, auth)).status).toBe(404);
      expect((await me(theirs.accessToken)).status).toBe(200);
      expect((await post(app, "/refresh", { refreshToken: theirs.refreshToken })).status).toBe(200);
      expect((await send(app, "DELETE", "/sessions/not%20an%20id", undefined, auth)).status).toBe(400);

      const ended = await send(app, "DELETE", `/sessions/${phoneId}`, undefined, auth);
      expect(ended.status).toBe(200);
      expect(ended.body.current).toBe(false);
      expect((await me(phone.accessToken)).status).toBe(401);
      expect((await post(app, "/refresh", { refreshToken: phone.refreshToken })).status).toBe(401);
      expect((await me(mine.accessToken)).status).toBe(200);
      expect((await send(app, "DELETE", `/sessions/${phoneId}`, undefined, auth)).status).toBe(404);
    });

    it("'sign out everywhere else' ends the others and the key pair, and keeps this one", async () => {
      const user = await newUser();
      const mine = await signIn(user.email);
      const other = await signIn(user.email, "curl/8.5.0");
      const auth = { authorization: `Bearer ${mine.accessToken}` };
      const keys = await post(app, "/keys", { currentPassword: TEST_PASSWORD }, auth);
      const res = await send(app, "DELETE", "/sessions", undefined, auth);
      expect(res.status).toBe(200);
      expect(res.body.ended).toBe(1);
      expect((await me(other.accessToken)).status).toBe(401);
      expect((await me(mine.accessToken)).status).toBe(200);
      expect((await post(app, "/refresh", { refreshToken: mine.refreshToken })).status).toBe(200);
      expect((await post(app, "/login_using_keys", { ...keys.body })).status).toBe(401);
      const [pair] = await services.db.select().from(apiKeyPairs).where(eq(apiKeyPairs.publicKey, keys.body.public_key));
      expect(pair.revokedAt).not.toBeNull();
    });
  });

  describe("key pairs need the password and expire", () => {
    it("refuses to mint without the right current password", async () => {
      const user = await newUser();
      const auth = { authorization: `Bearer ${(await signIn(user.email)).accessToken}` };
      expect((await post(app, "/keys", undefined, auth)).status).toBe(400);
      expect((await post(app, "/keys", {}, auth)).status).toBe(400);
      const wrong = await post(app, "/keys", { currentPassword: "guess" }, auth);
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.currentPassword).toBe("The current password is not correct");
      expect(await services.db.select().from(apiKeyPairs).where(eq(apiKeyPairs.userId, user.id))).toHaveLength(0);
    });

    it("shows the expiry and stops working after it", async () => {
      const user = await newUser();
      const auth = { authorization: `Bearer ${(await signIn(user.email)).accessToken}` };
      const keys = await post(app, "/keys", { currentPassword: TEST_PASSWORD }, auth);
      const days = services.config.keyPairTtlDays;
      expect(keys.body.expires_at - services.now().getTime()).toBeGreaterThan((days - 1) * 86_400_000);
      const summary = await send(app, "GET", "/keys", undefined, auth);
      expect(summary.body.keyPair).toMatchObject({ public_key: keys.body.public_key, expires_at: keys.body.expires_at, expired: false });
      expect(JSON.stringify(summary.body)).not.toContain(keys.body.private_key);
      expect((await post(app, "/login_using_keys", { ...keys.body })).status).toBe(200);
      clock.advance(days * 86_400_000 + 1000);
      expect((await post(app, "/login_using_keys", { ...keys.body })).status).toBe(401);
    });
  });
});
