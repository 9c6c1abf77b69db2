import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant } from "../../test-support/factories.node.ts";
import { emailOutbox, emailVerificationTokens, users } from "../../../db/schema";
import type { AppServices } from "../../services/core/app-services";
import { VERIFY_COOLDOWN_MS, VERIFY_TTL_MS } from "../../services/auth/send-verification-email";
import { bearer } from "../../test-support/test-app.node.ts";
import { authTestApp, movableClock, post, send } from "./auth-helpers.node.ts";

const LINK = /\/quiz\/auth\/verify-email\/([A-Za-z0-9_-]+)/;

describe("e-mail confirmation", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let clock: ReturnType<typeof movableClock>;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let n = 0;

  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    clock = movableClock(services);
    tenant = await createTenant(services.db, "Verify School");
  });

  /** Registers a fresh Student; returns its e-mail, session and the token of the mailed link. */
  async function registerStudent() {
    n++;
    const email = `verify${n}@school.test`;
    const res = await post(app, "/register", { email, fullname: `Vera ${n}`, username: `vera${n}`, password: "a long passphrase" });
    expect(res.status).toBe(201);
    const token = (await latestMailTo(email))?.text.match(LINK)?.[1];
    expect(token, "confirmation link in the mail").toBeTruthy();
    return { email, session: res.body, token: token!, auth: { authorization: `Bearer ${res.body.accessToken}` } };
  }

  async function latestMailTo(email: string) {
    const [mail] = await services.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.id)).limit(1);
    return mail;
  }

  const verifiedFlag = async (email: string) =>
    (await services.db.select({ v: users.emailVerified }).from(users).where(eq(users.email, email)))[0].v;

  describe("registration", () => {
    it("starts unconfirmed, says so in the session and /me, and mails a one-time link stored only as a hash", async () => {
      const { email, session, token, auth } = await registerStudent();
      expect(session.user.emailVerified).toBe(false);
      expect((await send(app, "GET", "/me", undefined, auth)).body.user.emailVerified).toBe(false);

      const mail = await latestMailTo(email);
      expect(mail).toMatchObject({ tag: "email-verification", businessId: tenant.business.id, subject: "Confirm your e-mail address" });
      expect(mail.html).toContain(`${services.config.appUrl}/quiz/auth/verify-email/${token}`);
      const [stored] = await services.db.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.userId, session.user.id));
      expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.tokenHash).not.toContain(token);
      expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(VERIFY_TTL_MS);
    });

    it("accounts made by other doors count as confirmed", async () => {
      const res = await send(app, "GET", "/me", undefined, await bearer(services, tenant.student));
      expect(res.body.user.emailVerified).toBe(true);
    });
  });

  describe("POST /auth/verify-email", () => {
    it("confirms once; the same link then answers 400 'already used'", async () => {
      const { email, token, auth } = await registerStudent();
      const res = await post(app, "/verify-email", { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: "EMAIL_CONFIRMED", message: "Your e-mail address is confirmed" });
      expect(await verifiedFlag(email)).toBe(true);
      expect((await send(app, "GET", "/me", undefined, auth)).body.user.emailVerified).toBe(true);

      const again = await post(app, "/verify-email", { token });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe("This confirmation link has already been used");
    });

    it("refuses an expired link (400) and changes nothing", async () => {
      const { email, token } = await registerStudent();
      clock.advance(VERIFY_TTL_MS + 1000);
      const res = await post(app, "/verify-email", { token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This confirmation link has expired. Sign in and send a new one from your profile");
      expect(await verifiedFlag(email)).toBe(false);
    });

    it("refuses an unknown or missing token with a 400 envelope", async () => {
      const unknown = await post(app, "/verify-email", { token: "not-a-real-token" });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe("This confirmation link is invalid");
      const missing = await post(app, "/verify-email", {});
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual({ token: "Token is required" });
      expect((await post(app, "/verify-email", "{")).status).toBe(400);
    });

    it("confirms one account only, even when two links race", async () => {
      const first = await registerStudent();
      const second = await registerStudent();
      const answers = await Promise.all([post(app, "/verify-email", { token: first.token }), post(app, "/verify-email", { token: first.token })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      expect(await verifiedFlag(first.email)).toBe(true);
      expect(await verifiedFlag(second.email)).toBe(false);
    });
  });

  describe("POST /auth/verify-email/resend", () => {
    it("needs a signed-in user", async () => {
      expect((await post(app, "/verify-email/resend")).status).toBe(401);
    });

    it("sends one mail a minute (429 with Retry-After), then a new link that works", async () => {
      const { email, token: firstToken, auth } = await registerStudent();
      const tooSoon = await post(app, "/verify-email/resend", undefined, auth);
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.message).toBe("A confirmation link was sent less than a minute ago. Please check your e-mail.");
      const retryAfter = Number(tooSoon.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);

      clock.advance(VERIFY_COOLDOWN_MS);
      const sent = await post(app, "/verify-email/resend", undefined, auth);
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ code: "VERIFICATION_SENT", message: "A new confirmation link has been sent to your e-mail", retryAfterSeconds: 60 });
      const newToken = (await latestMailTo(email)).text.match(LINK)![1];
      expect(newToken).not.toBe(firstToken);

      expect((await post(app, "/verify-email", { token: newToken })).status).toBe(200);
      // Confirming spends every open link of the account.
      expect((await post(app, "/verify-email", { token: firstToken })).body.message).toBe("This confirmation link has already been used");
    });

    it("answers 409 once the e-mail is confirmed, and sends nothing", async () => {
      const auth = await bearer(services, tenant.teacher);
      const before = await services.db.select().from(emailOutbox);
      const res = await post(app, "/verify-email/resend", undefined, auth);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe("Your e-mail address is already confirmed");
      expect(await services.db.select().from(emailOutbox)).toHaveLength(before.length);
    });
  });
});
