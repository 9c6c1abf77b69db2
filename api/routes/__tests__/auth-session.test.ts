import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, createUser } from "../../test-support/factories.node.ts";
import { adminSettings, modules, refreshTokens, users } from "../../../db/schema";
import { sha256Hex } from "../../../db/hash";
import type { AppServices } from "../../services/core/app-services";
import { issueSession } from "../../services/auth/issue-session";
import { ROTATION_GRACE_MS } from "../../services/auth/refresh-session";
import { bearer } from "../../test-support/test-app.node.ts";
import { authTestApp, cookiesOf, movableClock, post, send } from "./auth-helpers.node.ts";

describe("session routes", () => {
  let app: Awaited<ReturnType<typeof authTestApp>>["app"];
  let services: AppServices;
  let clock: ReturnType<typeof movableClock>;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let other: Awaited<ReturnType<typeof createTenant>>;

  beforeAll(async () => {
    ({ app, services } = await authTestApp());
    clock = movableClock(services);
    tenant = await createTenant(services.db, "Home School");
    other = await createTenant(services.db, "Other School");
    await services.db.insert(modules).values([
      { businessId: tenant.business.id, moduleId: "quiz", name: "Quiz", identifier: "quiz", url: "http://quiz.test" },
      { businessId: other.business.id, moduleId: "crm", name: "CRM", identifier: "crm", url: "http://crm.test" },
    ]);
  });

  const rowOf = async (token: string) =>
    (await services.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, await sha256Hex(token))))[0];

  describe("POST /auth/refresh", () => {
    it("rotates: a new pair, the old token revoked and linked to its successor in the same family", async () => {
      const first = await issueSession(services, tenant.student.id);
      const res = await post(app, "/refresh", { refreshToken: first.refreshToken });
      expect(res.status).toBe(200);
      expect(res.body.refreshToken).not.toBe(first.refreshToken);
      expect(res.body.user.id).toBe(tenant.student.id);
      expect(cookiesOf(res.headers).quiz_refresh).toBe(res.body.refreshToken);
      const [old, next] = [await rowOf(first.refreshToken), await rowOf(res.body.refreshToken)];
      expect(old.revokedAt).not.toBeNull();
      expect(old.replacedById).toBe(next.id);
      expect(next.familyId).toBe(old.familyId);
      expect(next.revokedAt).toBeNull();
    });

    it("accepts the refresh cookie when the body has no token", async () => {
      const first = await issueSession(services, tenant.teacher.id);
      const res = await post(app, "/refresh", undefined, { cookie: `quiz_refresh=${first.refreshToken}` });
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(tenant.teacher.id);
    });

    it("treats reuse of a rotated token as theft: 401 and the whole family revoked", async () => {
      const first = await issueSession(services, tenant.student.id);
      const second = await post(app, "/refresh", { refreshToken: first.refreshToken });
      clock.advance(ROTATION_GRACE_MS + 1000);
      const replay = await post(app, "/refresh", { refreshToken: first.refreshToken });
      expect(replay.status).toBe(401);
      // The thief's replay also kills the legitimate successor.
      expect((await rowOf(second.body.refreshToken)).revokedAt).not.toBeNull();
      const successor = await post(app, "/refresh", { refreshToken: second.body.refreshToken });
      expect(successor.status).toBe(401);
      expect(cookiesOf(successor.headers).quiz_refresh).toBe("");
      // Another sign-in of the same user (another family) is untouched.
      const unrelated = await issueSession(services, tenant.student.id);
      expect((await post(app, "/refresh", { refreshToken: unrelated.refreshToken })).status).toBe(200);
    });

    it("lets a concurrent request of the same browser continue the sign-in within the grace window", async () => {
      const first = await issueSession(services, tenant.student.id);
      const [a, b] = await Promise.all([
        post(app, "/refresh", { refreshToken: first.refreshToken }),
        post(app, "/refresh", { refreshToken: first.refreshToken }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.refreshToken).not.toBe(b.body.refreshToken);
      // Both successors stay usable: nothing was taken for theft.
      expect((await post(app, "/refresh", { refreshToken: a.body.refreshToken })).status).toBe(200);
      expect((await post(app, "/refresh", { refreshToken: b.body.refreshToken })).status).toBe(200);
    });

    it("gives no grace to a token whose sign-in was ended by logout", async () => {
      const first = await issueSession(services, tenant.student.id);
      const second = await post(app, "/refresh", { refreshToken: first.refreshToken });
      await post(app, "/logout", { refreshToken: second.body.refreshToken });
      expect((await post(app, "/refresh", { refreshToken: first.refreshToken })).status).toBe(401);
    });

    it("refuses an expired token", async () => {
      const first = await issueSession(services, tenant.student.id);
      clock.advance(services.config.refreshTokenTtlSeconds * 1000 + 1000);
      const res = await post(app, "/refresh", { refreshToken: first.refreshToken });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe("Your session has expired. Login again");
    });

    it("answers 401 without a token or with an unknown one, 400 for bad input", async () => {
      expect((await post(app, "/refresh")).status).toBe(401);
      expect((await post(app, "/refresh", { refreshToken: "made-up" })).status).toBe(401);
      expect((await post(app, "/refresh", { refreshToken: "" })).status).toBe(400);
      expect((await post(app, "/refresh", { refreshToken: 7 })).status).toBe(400);
      expect((await post(app, "/refresh", { refreshToken: "x".repeat(5000) })).status).toBe(400);
      expect((await post(app, "/refresh", "{oops")).status).toBe(400);
    });
  });

  describe("POST /auth/logout", () => {
    it("revokes the token and clears the cookies", async () => {
      const session = await issueSession(services, tenant.student.id);
      const res = await post(app, "/logout", { refreshToken: session.refreshToken });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().every((line) => /Max-Age=0/.test(line))).toBe(true);
      expect((await rowOf(session.refreshToken)).revokedAt).not.toBeNull();
      expect((await post(app, "/refresh", { refreshToken: session.refreshToken })).status).toBe(401);
    });

    it("uses the cookie, and is idempotent for unknown, spent or absent tokens", async () => {
      const session = await issueSession(services, tenant.student.id);
      expect((await post(app, "/logout", undefined, { cookie: `quiz_refresh=${session.refreshToken}` })).status).toBe(200);
      expect((await rowOf(session.refreshToken)).revokedAt).not.toBeNull();
      expect((await post(app, "/logout", { refreshToken: session.refreshToken })).status).toBe(200);
      expect((await post(app, "/logout", { refreshToken: "unknown" })).status).toBe(200);
      expect((await post(app, "/logout")).status).toBe(200);
      expect((await post(app, "/logout", { refreshToken: 1 })).status).toBe(400);
    });
  });

  describe("GET /auth/me", () => {
    it("returns the user and only the modules of their business (bearer or cookie)", async () => {
      const res = await send(app, "GET", "/me", undefined, await bearer(services, tenant.teacher));
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: tenant.teacher.id, business_name: "Home School", canSwitchLanguage: true });
      // The product's own module points at this deployment (APP_URL), not its stored URL (own-module-url.test.ts).
      expect(res.body.modules).toEqual([{ module_id: "quiz", name: "Quiz", identifier: "quiz", url: services.config.appUrl }]);
      const { accessToken } = await issueSession(services, other.student.id);
      const viaCookie = await send(app, "GET", "/me", undefined, { cookie: `quiz_access=${accessToken}` });
      expect(viaCookie.body.modules.map((m: { module_id: string }) => m.module_id)).toEqual(["crm"]);
    });

    it("answers 401 without a token, with a forged one, or once the user is gone", async () => {
      expect((await send(app, "GET", "/me")).status).toBe(401);
      expect((await send(app, "GET", "/me", undefined, { authorization: "Bearer forged.token.value" })).status).toBe(401);
      const gone = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
      const headers = await bearer(services, gone);
      await services.db.delete(users).where(eq(users.id, gone.id));
      expect((await send(app, "GET", "/me", undefined, headers)).status).toBe(401);
    });
  });

  describe("POST /auth/switch_user_type", () => {
    it("flips Student to Teacher and back, with a new session and the spec's redirect", async () => {
      const user = await createUser(services.db, { businessId: tenant.business.id, userType: "Student", roleLevel: 4 });
      const toTeacher = await post(app, "/switch_user_type", undefined, await bearer(services, user));
      expect(toTeacher.status).toBe(200);
      expect(toTeacher.body).toMatchObject({ redirectTo: "/teacher/quizPool", user: { userType: "Teacher" } });
      expect(cookiesOf(toTeacher.headers).quiz_access).toBe(toTeacher.body.accessToken);
      const back = await post(app, "/switch_user_type", undefined, { authorization: `Bearer ${toTeacher.body.accessToken}` });
      expect(back.body).toMatchObject({ redirectTo: "/student/quizPool", user: { userType: "Student" } });
      const [row] = await services.db.select().from(users).where(eq(users.id, user.id));
      expect(row.userType).toBe("Student");
    });

    it("is forbidden above the business's maximum role level, and for Admins", async () => {
      const junior = await createUser(services.db, { businessId: other.business.id, userType: "Student", roleLevel: 5 });
      const res = await post(app, "/switch_user_type", undefined, await bearer(services, junior));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Sorry! you don't have permissions for this operation");
      expect((await post(app, "/switch_user_type", undefined, await bearer(services, other.owner))).status).toBe(403);
      // The owner lowering the limit takes effect even for tokens issued before.
      const manager = await createUser(services.db, { businessId: other.business.id, userType: "Teacher", roleLevel: 4 });
      const headers = await bearer(services, manager);
      await services.db.update(adminSettings).set({ maximumRoleLevelForTeacher: 3 }).where(eq(adminSettings.businessId, other.business.id));
      expect((await post(app, "/switch_user_type", undefined, headers)).status).toBe(403);
      const [row] = await services.db.select().from(users).where(eq(users.id, manager.id));
      expect(row.userType).toBe("Teacher");
    });

    it("answers 401 without a token", async () => {
      expect((await post(app, "/switch_user_type")).status).toBe(401);
    });
  });
});
