import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser, TEST_PASSWORD } from "../../test-support/factories.node.ts";
import { emailOutbox, loginThrottle, passwordResetTokens, refreshTokens, users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { issueSession } from "../../services/auth/issue-session";
import { RESET_COOLDOWN_MS } from "../../services/auth/request-password-reset";
import { type AuthApp, authSchool, type MovableClock, post, type Tenant } from "./auth-helpers.node.ts";

const NEW_PASSWORD = "a brand new passphrase";
const INVALID_LINK = "This password reset link is invalid or has expired";

describe("password reset", () => {
  let app: AuthApp, services: AppServices, clock: MovableClock, tenant: Tenant;

  beforeAll(async () => {
    ({ app, services, clock, tenant } = await authSchool("Reset School"));
  });

  /** Requests a reset for `email` and returns the token from the e-mailed link. */
  async function requestLink(email: string): Promise<string> {
    clock.advance(RESET_COOLDOWN_MS); // each test asks as if the previous link were a while ago
    const res = await post(app, "/forgot-password", { email });
    expect(res.status).toBe(200);
    const [mail] = await services.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
    const token = mail.text.match(/\/quiz\/auth\/reset-password\/([A-Za-z0-9_-]+)/)?.[1];
    expect(token).toBeTruthy();
    return token!;
  }

  describe("POST /auth/forgot-password", () => {
    it("e-mails a one-time link and stores only the token's hash", async () => {
      const res = await post(app, "/forgot-password", { email: ` ${tenant.student.email.toUpperCase()} ` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: "RESET_LINK_SENT", message: "Password reset link has been sent to your e-mail" });
      const [mail] = await services.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1);
      expect(mail).toMatchObject({ to: tenant.student.email, tag: "password-reset", businessId: tenant.business.id });
      expect(mail.html).toContain(`${services.config.appUrl}/quiz/auth/reset-password/`);
      const token = mail.text.match(/reset-password\/([A-Za-z0-9_-]+)/)![1];
      const stored = await services.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, tenant.student.id));
      expect(stored).toHaveLength(1);
      expect(stored[0].tokenHash).not.toContain(token);
      expect(stored[0].expiresAt.getTime() - stored[0].createdAt.getTime()).toBe(60 * 60 * 1000);
    });

    it("sends at most one link a minute per account (429 with Retry-After), then again", async () => {
      const email = tenant.teacher.email;
      await requestLink(email);
      const again = await post(app, "/forgot-password", { email });
      expect(again.status).toBe(429);
      expect(again.body.message).toBe("A reset link was sent less than a minute ago. Please check your e-mail.");
      expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
      clock.advance(RESET_COOLDOWN_MS);
      expect((await post(app, "/forgot-password", { email })).status).toBe(200);
    });

    it("answers 404 naming the e-mail when no account has it (spec 8), sending nothing", async () => {
      const before = (await services.db.select({ n: count() }).from(emailOutbox))[0].n;
      const res = await post(app, "/forgot-password", { email: "ghost@test.quiz" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: "NO_ACCOUNT_FOR_EMAIL", params: { email: "ghost@test.quiz" }, message: "No account found for ghost@test.quiz" });
      expect((await services.db.select({ n: count() }).from(emailOutbox))[0].n).toBe(before);
    });

    it("answers 400 for a missing or malformed e-mail and malformed JSON", async () => {
      expect((await post(app, "/forgot-password", {})).body.errors).toEqual({ email: "Email is required" });
      expect((await post(app, "/forgot-password", { email: "nope" })).body.errors).toEqual({ email: "Email is not valid" });
      expect((await post(app, "/forgot-password", { email: ["a@b.co"] })).status).toBe(400);
      expect((await post(app, "/forgot-password", "]")).status).toBe(400);
    });
  });

  describe("POST /auth/reset-password", () => {
    it("sets the new password, spends the link and every other link, and signs out every session", async () => {
      const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
      const session = await issueSession(services, user.id);
      const olderLink = await requestLink(user.email);
      const token = await requestLink(user.email);
      await services.db.insert(loginThrottle).values({ key: `email:${user.email}`, failures: 5, windowStartedAt: services.now(), lockedUntil: new Date(services.now().getTime() + 60_000) });

      const res = await post(app, "/reset-password", { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual(expect.any(String));

      const again = await post(app, "/reset-password", { token, password: "another passphrase", confirmPassword: "another passphrase" });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(INVALID_LINK);
      expect((await post(app, "/reset-password", { token: olderLink, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status).toBe(400);

      const [tokenRow] = await services.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
      expect(tokenRow.revokedAt).not.toBeNull();
      expect((await post(app, "/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
      // The mailbox owner is no longer locked out, and only the new password works.
      expect((await post(app, "/login", { email: user.email, password: TEST_PASSWORD })).status).toBe(401);
      expect((await post(app, "/login", { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    }, 20_000);

    it("refuses an expired link and leaves the password alone", async () => {
      const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
      const token = await requestLink(user.email);
      clock.advance(60 * 60 * 1000 + 1000);
      const res = await post(app, "/reset-password", { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INVALID_LINK);
      const [row] = await services.db.select().from(users).where(eq(users.id, user.id));
      expect(row.passwordHash).toBe(user.passwordHash);
    });

    it("answers 400 for an unknown token, mismatched or short passwords and bad JSON", async () => {
      const unknown = await post(app, "/reset-password", { token: "unknown", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(unknown.body.message).toBe(INVALID_LINK);
      const mismatch = await post(app, "/reset-password", { token: "t", password: NEW_PASSWORD, confirmPassword: "different" });
      expect(mismatch.body.errors).toEqual({ confirmPassword: "Password and Confirm Password didn't match." });
      const missing = await post(app, "/reset-password", { password: "short" });
      expect(missing.body.errors).toMatchObject({ token: "Token is required", password: "Password must be at least 12 characters", confirmPassword: "Confirm Password is required" });
      expect((await post(app, "/reset-password", "nope")).status).toBe(400);
    });
  });
});
