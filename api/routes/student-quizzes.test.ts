import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createDepartment, createQuiz, createTenant } from "../test-support/factories.node";
import { adminSettings, subscribers, users } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

/** POST /api/quiz/allForStudent: the student's quiz pool (spec 2.4; docs/decisions/0025-student-quiz-pool.md). */
let services: AppServices;
let app: ReturnType<typeof createTestApi>;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  services = await createTestServices({ now: () => new Date(clock) });
  app = createTestApi(services);
  tenant = await createTenant(services.db, "Pool School");
});

type Who = Parameters<typeof bearer>[1];
async function list(who: Who, body: unknown = { queryParams: {} }) {
  const headers = { "content-type": "application/json", ...(await bearer(services, who)) };
  const res = await app.request("/quiz/allForStudent", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}
const names = (res: { body: { entities: { quizName: string }[] } }) => res.body.entities.map((e) => e.quizName);
const quiz = (fields: Parameters<typeof createQuiz>[1] extends infer T ? Partial<T> : never) =>
  createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionCount: 1, ...fields });

describe("POST /quiz/allForStudent", () => {
  it("lists open quizzes of the student's business only: no drafts, no closed windows, nothing of another business", async () => {
    const seconds = clock / 1000;
    await quiz({ quizName: "Published" });
    await quiz({ quizName: "Draft", status: "Draft" });
    await quiz({ quizName: "Window open", status: "DateRange", startTimestamp: seconds - 60, endTimestamp: seconds + 60 });
    await quiz({ quizName: "Window later", status: "DateRange", startTimestamp: seconds + 60, endTimestamp: seconds + 120 });
    await quiz({ quizName: "Window over", status: "DateRange", startTimestamp: seconds - 120, endTimestamp: seconds - 60 });
    const other = await createTenant(services.db, "Other School");
    await createQuiz(services.db, { businessId: other.business.id, teacherId: other.teacher.id, quizName: "Elsewhere" });
    const res = await list(tenant.student);
    expect(res.status, res.text).toBe(200);
    expect(names(res)).toEqual(["Published", "Window open"]);
    expect(res.body.totalCount).toBe(2);
    expect(res.body.premium).toEqual({ subscribed: false, subscriptionEnabled: false, totalCount: 2 });
  });

  it("shows a quiz only to the profiles and departments it names", async () => {
    const dept = await createDepartment(services.db, { businessId: tenant.business.id });
    await quiz({ quizName: "Everyone" });
    await quiz({ quizName: "Students profile", profiles: [4] });
    await quiz({ quizName: "Teachers profile", profiles: [3] });
    await quiz({ quizName: "Our department", departments: [dept.id] });
    expect(names(await list(tenant.student))).toEqual(["Everyone", "Students profile"]);
    await services.db.update(users).set({ departmentId: dept.id }).where(eq(users.id, tenant.student.id));
    expect(names(await list(tenant.student))).toEqual(["Everyone", "Our department", "Students profile"]);
  });

  it("counts this student's attempts, says whether a password is asked and never sends it", async () => {
    const { quiz: locked } = await quiz({ quizName: "Locked", password: "Sesame-secret", attemptsAllowed: 2 });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: locked.id, studentId: tenant.student.id, attemptNumber: 1 });
    const classmate = (await services.db.insert(users).values({ email: "mate@test.quiz", username: "mate", fullname: "Mate", userType: "Student", businessId: tenant.business.id, profile: 4 }).returning())[0];
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: locked.id, studentId: classmate.id, attemptNumber: 1 });
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: locked.id, studentId: classmate.id, attemptNumber: 2 });
    const res = await list(tenant.student);
    expect(res.body.entities[0]).toMatchObject({ quizId: locked.id, attemptsAllowed: 2, attemptsTaken: 1, remainingAttempts: 1, hasPassword: true, questionsCount: 1 });
    expect(res.text).not.toContain("Sesame-secret");
    expect(res.body.entities[0]).not.toHaveProperty("password");
    expect((await list(classmate)).body.entities[0]).toMatchObject({ attemptsTaken: 2, remainingAttempts: 0 });
  });

  it("holds back premium quizzes from non-subscribers while the owner sells subscriptions, and says how many exist", async () => {
    await quiz({ quizName: "Free" });
    await quiz({ quizName: "Premium", isPremium: true });
    expect(names(await list(tenant.student))).toEqual(["Free", "Premium"]);

    await services.db.update(adminSettings).set({ enableSubscription: true }).where(eq(adminSettings.businessId, tenant.business.id));
    const restricted = await list(tenant.student);
    expect(names(restricted)).toEqual(["Free"]);
    expect(restricted.body.totalCount).toBe(1);
    expect(restricted.body.premium).toEqual({ subscribed: false, subscriptionEnabled: true, totalCount: 2 });

    // A lapsed subscription grants nothing; an active one everything.
    await services.db.insert(subscribers).values({ businessId: tenant.business.id, userId: tenant.student.id, status: "active", currentPeriodEnd: new Date(clock - 1000) });
    expect(names(await list(tenant.student))).toEqual(["Free"]);
    await services.db.insert(subscribers).values({ businessId: tenant.business.id, userId: tenant.student.id, status: "manual" });
    const subscribed = await list(tenant.student);
    expect(names(subscribed)).toEqual(["Free", "Premium"]);
    expect(subscribed.body.premium).toEqual({ subscribed: true, subscriptionEnabled: true, totalCount: 2 });
    expect(subscribed.body.entities[1].premiumQuiz).toBe(true);
  });

  it("searches a part of the name, sorts and pages", async () => {
    await quiz({ quizName: "Algebra basics", level: "Hard" });
    await quiz({ quizName: "algebra advanced", level: "Easy" });
    await quiz({ quizName: "Biology", level: "Moderate" });
    expect(names(await list(tenant.student, { queryParams: { filter: { quizName: "ALGEBRA" } } }))).toEqual(["algebra advanced", "Algebra basics"]);
    expect(names(await list(tenant.student, { queryParams: { filter: { quizName: "%" } } }))).toEqual([]);
    expect(names(await list(tenant.student, { queryParams: { sortField: "level", sortOrder: "desc" } }))).toEqual(["Algebra basics", "Biology", "algebra advanced"]);
    const second = await list(tenant.student, { queryParams: { pageSize: 2, pageNumber: 2 } });
    expect([names(second), second.body.totalCount]).toEqual([["Biology"], 3]);
    const empty = await list(tenant.student, {});
    expect([empty.status, empty.body.totalCount]).toEqual([200, 3]);
  });

  it("refuses bad input with a 400 and anyone but a student with a 403", async () => {
    for (const body of [{ queryParams: { sortField: "password" } }, { queryParams: { pageSize: 500 } }, { queryParams: { filter: { quizName: 5 } } }, "[]", "{"]) {
      const res = await list(tenant.student, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await list(tenant.teacher)).status).toBe(403);
    expect((await list(tenant.owner)).status).toBe(403);
    const anonymous = await app.request("/quiz/allForStudent", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(anonymous.status).toBe(401);
  });

  it("is in the OpenAPI document with its body, the row without a password, and the premium info", async () => {
    const document = (await (await app.request("/openapi.json")).json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const post = document.paths["/quiz/allForStudent"].post;
    expect(post.requestBody).toBeDefined();
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403"]));
    const row = document.components.schemas.StudentQuiz.properties;
    expect(Object.keys(row)).toEqual(expect.arrayContaining(["quizId", "attemptsTaken", "remainingAttempts", "hasPassword", "premiumQuiz"]));
    expect(row).not.toHaveProperty("password");
    expect(Object.keys(document.components.schemas.PremiumInfo.properties).sort()).toEqual(["subscribed", "subscriptionEnabled", "totalCount"]);
  });

  it("lists exactly the quizzes startQuiz lets the student take (one rule for both)", async () => {
    const seconds = clock / 1000;
    const dept = await createDepartment(services.db, { businessId: tenant.business.id });
    await services.db.update(adminSettings).set({ enableSubscription: true }).where(eq(adminSettings.businessId, tenant.business.id));
    const made = [
      await quiz({ quizName: "Open" }),
      await quiz({ quizName: "Draft", status: "Draft" }),
      await quiz({ quizName: "Window open", status: "DateRange", startTimestamp: seconds - 60, endTimestamp: seconds + 60 }),
      await quiz({ quizName: "Window over", status: "DateRange", startTimestamp: seconds - 120, endTimestamp: seconds - 60 }),
      await quiz({ quizName: "Teachers only", profiles: [3] }),
      await quiz({ quizName: "Other department", departments: [dept.id] }),
      await quiz({ quizName: "Premium", isPremium: true }),
    ].map((m) => m.quiz);
    const start = async (quizId: number) => {
      const headers = { "content-type": "application/json", ...(await bearer(services, tenant.student)) };
      return (await app.request("/takeQuiz/startQuiz", { method: "POST", headers, body: JSON.stringify({ quizId }) })).status;
    };
    const listed = new Set((await list(tenant.student)).body.entities.map((e: { quizId: number }) => e.quizId));
    const takeable = new Set<number>();
    for (const q of made) if ((await start(q.id)) === 200) takeable.add(q.id);
    expect([...listed].sort()).toEqual([...takeable].sort());
    expect([...listed].sort()).toEqual([made[0].id, made[2].id].sort());

    await services.db.insert(subscribers).values({ businessId: tenant.business.id, userId: tenant.student.id, status: "trialing" });
    expect((await list(tenant.student)).body.entities.map((e: { quizId: number }) => e.quizId)).toContain(made[6].id);
    expect(await start(made[6].id)).toBe(200);
  });
});
