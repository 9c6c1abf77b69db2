import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { adminSettings, tags, users } from "../../db/schema";
import { createTestBed, type JsonAnswer, type TestBed, type Who } from "../test-support/test-bed.node";

/**
 * The spec's own list calls (issue 15 item 7; docs/decisions/0035-spec-list-calls.md):
 * POST /quiz/all answers by the caller, every list reads an empty sortField as its default
 * order, and every list pages by any size from 1 to 100 (the outbox's are in outbox.test.ts).
 */
let bed: TestBed;
let clock: number;
const PASSWORD = "Open-Sesame-77";

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  bed = await createTestBed("Calls School", { now: () => new Date(clock) });
});

const post = (who: Who, path: string, body?: unknown) => bed.post(who, path, body);
const names = (res: JsonAnswer) => res.body.entities.map((e: { quizName: string }) => e.quizName);

/** Quizzes a student sees and does not see: open, premium, password-protected, draft, another teacher's. */
async function quizzes() {
  const { tenant, services } = bed;
  const make = (quizName: string, extra: Partial<Parameters<typeof createQuiz>[1]> = {}) =>
    createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionCount: 1, quizName, ...extra });
  await make("delta", { level: "Easy" });
  await make("Alpha", { level: "Hard", password: PASSWORD });
  await make("charlie premium", { isPremium: true, level: "Moderate" });
  await make("Bravo draft", { status: "Draft" });
  await make("Echo by the owner", { teacherId: tenant.owner.id });
  await createQuiz(services.db, { businessId: bed.other.business.id, teacherId: bed.other.teacher.id, quizName: "Elsewhere" });
}

describe("POST /quiz/all answers by the caller", () => {
  it("gives a student exactly their /quiz/allForStudent answer, premium info included, for every body", async () => {
    await quizzes();
    await bed.services.db.update(adminSettings).set({ enableSubscription: true }).where(eq(adminSettings.businessId, bed.tenant.business.id));
    const bodies: unknown[] = [
      undefined,
      {},
      { queryParams: {} },
      { queryParams: { sortField: "level", sortOrder: "desc" } },
      { queryParams: { sortField: "" } },
      { queryParams: { filter: { quizName: "ALPH" } } },
      { queryParams: { pageSize: 1, pageNumber: 2 } },
      // An author's filter means nothing to the student's pool: ignored alike.
      { queryParams: { filter: { category: "Nope", status: "Draft" } } },
      // Refused alike, with the same message.
      { queryParams: { sortField: "takenCount" } },
      { queryParams: { sortField: "password" } },
      { queryParams: { pageSize: 101 } },
      { queryParams: { filter: { quizName: 5 } } },
      "[]",
      "null",
      "{",
    ];
    for (const body of bodies) {
      const label = JSON.stringify(body);
      const alias = await post(bed.tenant.student, "/quiz/allForStudent", body);
      const all = await post(bed.tenant.student, "/quiz/all", body);
      expect(all, label).toEqual(alias);
    }
    const pool = await post(bed.tenant.student, "/quiz/all", {});
    expect(pool.status).toBe(200);
    expect(names(pool)).toEqual(["Alpha", "delta", "Echo by the owner"]);
    expect(pool.body.premium).toEqual({ subscribed: false, subscriptionEnabled: true, totalCount: 4 });
    const refused = await post(bed.tenant.student, "/quiz/all", { queryParams: { sortField: "takenCount" } });
    expect(refused).toEqual({ status: 400, body: expect.objectContaining({ message: "sortField must be one of: quizName, level, createdAt" }) });
  });

  it("never carries a password or an author's fields to a student", async () => {
    await quizzes();
    const pool = await post(bed.tenant.student, "/quiz/all", {});
    expect(JSON.stringify(pool.body)).not.toContain(PASSWORD);
    const alpha = pool.body.entities.find((e: { quizName: string }) => e.quizName === "Alpha");
    expect(alpha).toMatchObject({ hasPassword: true, premiumQuiz: false, attemptsTaken: 0 });
    for (const row of pool.body.entities) {
      for (const authorField of ["password", "teacherId", "userid", "takenCount", "status", "profile", "department", "isPremium", "startDate"]) {
        expect(row, authorField).not.toHaveProperty(authorField);
      }
    }
  });

  it("gives an author every quiz of the business as before: drafts, others' quizzes, author fields, no premium info", async () => {
    await quizzes();
    for (const author of [bed.tenant.teacher, bed.tenant.owner]) {
      const all = await post(author, "/quiz/all", {});
      expect(all.status).toBe(200);
      expect(all.body.totalCount).toBe(5);
      expect(names(all)).toEqual(["Alpha", "Bravo draft", "charlie premium", "delta", "Echo by the owner"]);
      expect(all.body).not.toHaveProperty("premium");
      expect(all.body.entities[0]).toMatchObject({ quizName: "Alpha", password: PASSWORD, hasPassword: true, takenCount: 0, teacherId: bed.tenant.teacher.id, status: "Published" });
      // The author's sort fields and filters, not the student's.
      const byTaken = await post(author, "/quiz/all", { queryParams: { sortField: "takenCount", filter: { status: "Draft" } } });
      expect(names(byTaken)).toEqual(["Bravo draft"]);
    }
    // The author's list refuses what it always refused, with its own message.
    const bad = await post(bed.tenant.teacher, "/quiz/all", { queryParams: { pageSize: 101 } });
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ message: "pageSize must be at most 100" }) });
    // allForStudent stays the student's call only.
    expect((await post(bed.tenant.teacher, "/quiz/allForStudent", {})).status).toBe(403);
  });

  it("refuses a caller who is neither an author nor a student (403) and one without a session (401)", async () => {
    const admin = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Admin", profile: 3 });
    expect((await post(admin, "/quiz/all", {})).status).toBe(403);
    expect((await post(null, "/quiz/all", {})).status).toBe(401);
  });

  it("is documented with both answers and both bodies", async () => {
    const document = (await (await bed.app.request("/openapi.json")).json()) as any; // eslint-disable-line @typescript-eslint/no-explicit-any
    const call = document.paths["/quiz/all"].post;
    expect(call.responses["200"].content["application/json"].schema).toEqual({
      oneOf: [{ $ref: "#/components/schemas/QuizPage" }, { $ref: "#/components/schemas/StudentQuizPage" }],
    });
    expect(call.requestBody.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/QuizAllQuery" });
    expect(document.components.schemas.QuizAllQuery.oneOf).toEqual([{ $ref: "#/components/schemas/QuizListQuery" }, { $ref: "#/components/schemas/StudentQuizListQuery" }]);
    expect(Object.keys(document.components.schemas.StudentQuizPage.properties).sort()).toEqual(["entities", "premium", "totalCount"]);
    expect(document.components.schemas.QuizPage.properties.entities.items).toEqual({ $ref: "#/components/schemas/Quiz" });
    expect(document.paths["/quiz/allForStudent"].post.responses["200"].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/StudentQuizPage" });
  });
});

describe("an empty sortField is the list's default order; an unknown one is a 400", () => {
  /** Each list: who calls it, its body's filter, its default sort field and what identifies a row. */
  async function lists() {
    const { tenant, services } = bed;
    await quizzes();
    const pair = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
    await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Biology", course: "Cells" });
    for (const questionText of ["Why b?", "What is a?", "Is c?"]) {
      await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: pair.category.id, courseId: pair.course.id, questionText });
    }
    await services.db.insert(tags).values(["zeta", "alpha", "mu"].map((name) => ({ businessId: tenant.business.id, name })));
    const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName: "Taken", questionCount: 1, attemptsAllowed: 3 });
    for (const [attemptNumber, minutes] of [[1, 5], [2, 30], [3, 10]]) {
      const at = new Date(clock - minutes * 60_000);
      await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id, attemptNumber, startedAt: at, submittedAt: at });
    }
    // Accounts made a minute apart, newest first by default; the owner's first but not last by id.
    for (const [user, minutes] of [[tenant.owner, 20], [tenant.teacher, 30], [tenant.student, 10]] as const) {
      await services.db.update(users).set({ createdAt: new Date(clock - minutes * 60_000) }).where(eq(users.id, user.id));
    }
    const id = (row: Record<string, unknown>) => JSON.stringify(row.id ?? row.userId ?? row.questionId ?? row.category ?? row.name);
    return [
      { who: tenant.teacher, path: "/quiz/all", field: "quizName" },
      { who: tenant.teacher, path: "/quiz/allByTeacher", field: "quizName" },
      { who: tenant.student, path: "/quiz/all", field: "quizName" },
      { who: tenant.student, path: "/quiz/allForStudent", field: "quizName" },
      { who: tenant.teacher, path: "/question/findAll", field: "questionText", filter: { category: "Maths", course: "Algebra" } },
      { who: tenant.student, path: "/takenQuiz/fetchAllByStudentId", field: "attemptDate", order: "desc" },
      { who: tenant.owner, path: "/admin/users", field: "createdAt", order: "desc" },
      { who: tenant.teacher, path: "/tags", field: "name" },
      { who: tenant.owner, path: "/getAllCategoryCourse", field: "category" },
    ].map((list) => ({ ...list, ids: (res: JsonAnswer) => (res.body.entities as Record<string, unknown>[]).map(id) }));
  }

  it("lists in the default order for a missing or empty sortField, on every list", async () => {
    for (const list of await lists()) {
      const query = (extra: object) => post(list.who, list.path, { queryParams: { ...(list.filter ? { filter: list.filter } : {}), ...extra } });
      const missing = await query({});
      expect(missing.status, `${list.path} ${JSON.stringify(missing.body)}`).toBe(200);
      const empty = await query({ sortField: "" });
      const explicit = await query({ sortField: list.field });
      const reversed = await query({ sortField: list.field, sortOrder: list.order === "desc" ? "asc" : "desc" });
      expect(list.ids(missing).length, list.path).toBeGreaterThan(1);
      expect(list.ids(empty), list.path).toEqual(list.ids(explicit));
      expect(list.ids(missing), list.path).toEqual(list.ids(explicit));
      // The rows really have an order to get wrong.
      expect(list.ids(reversed), list.path).not.toEqual(list.ids(explicit));
      // The empty field keeps the other parameters: the order asked for and the page.
      const emptyReversed = await query({ sortField: "", sortOrder: list.order === "desc" ? "asc" : "desc", pageSize: 1 });
      expect(list.ids(emptyReversed), list.path).toEqual(list.ids(reversed).slice(0, 1));
    }
  });

  it("refuses an unknown sortField with a 400 naming the allowed ones, on every list", async () => {
    for (const list of await lists()) {
      for (const sortField of ["nope", " ", 0, null]) {
        const res = await post(list.who, list.path, { queryParams: { ...(list.filter ? { filter: list.filter } : {}), sortField } });
        expect(res.status, `${list.path} ${JSON.stringify(sortField)}`).toBe(400);
        expect(res.body.message, list.path).toMatch(/^sortField must be one of: /);
      }
    }
  });

  it("accepts any pageSize from 1 to 100 on every list and refuses 0 and 101", async () => {
    for (const list of await lists()) {
      const query = (pageSize: unknown) => post(list.who, list.path, { queryParams: { ...(list.filter ? { filter: list.filter } : {}), pageSize } });
      for (const pageSize of [1, 7, 100]) {
        const res = await query(pageSize);
        expect(res.status, `${list.path} ${pageSize}`).toBe(200);
        expect(res.body.entities.length, `${list.path} ${pageSize}`).toBe(Math.min(pageSize, res.body.totalCount));
      }
      for (const pageSize of [0, 101]) expect((await query(pageSize)).status, `${list.path} ${pageSize}`).toBe(400);
    }
  });
});
