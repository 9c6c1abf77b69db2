import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createCategoryCourse, createQuestion } from "../test-support/factories.node";
import { adminSettings, quizzes } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { checkQuizDraft } from "../services/quizzes/check-quiz-draft";
import { say } from "../services/message-codes";
import { OWN_MESSAGES } from "../services/quizzes/schemas";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";
import { quizBody } from "../test-support/request-bodies";

/**
 * ADR 0030 at the quiz API: `showAnswerTiming` next to the spec's `showAnswer`, how the two
 * agree on create, update and the wizard's step check, the owner's policy, and validation.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let questionIds: number[];
const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);

beforeEach(async () => {
  ({ services, tenant, post } = await createTestBed("Timing School", { now: () => new Date(NOW) }));
  const { category, course } = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  questionIds = [];
  for (let i = 0; i < 2; i++) questionIds.push((await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, categoryId: category.id, courseId: course.id })).question.id);
});

const validQuiz = (overrides: Record<string, unknown> = {}) => quizBody({ quizName: "Fractions", quizDescription: "Adding fractions", selectedQuestions: questionIds, ...overrides });
const dateRange = { status: "DateRange", startDate: NOW / 1000, endDate: NOW / 1000 + 86_400 };
const create = (overrides: Record<string, unknown> = {}) => post(tenant.teacher, "/quiz", validQuiz(overrides));
const update = (quizId: number, patch: Record<string, unknown>) => post(tenant.teacher, "/quiz/update", { quizId, ...patch });
const stored = async (id: number) => (await services.db.select({ showAnswer: quizzes.showAnswer, showAnswerTiming: quizzes.showAnswerTiming }).from(quizzes).where(eq(quizzes.id, id)))[0];
const timingOf = (res: { body: { entity: { showAnswer: string; showAnswerTiming: string } } }) => [res.body.entity.showAnswer, res.body.entity.showAnswerTiming];

describe("showAnswerTiming on the quiz API", () => {
  it("stores each of the four timings and returns it with the matching showAnswer on create, findOne and the lists", async () => {
    const cases = [
      [{}, "Yes", "AfterEachAttempt"],
      [{ showAnswerTiming: "AfterEachAttempt" }, "Yes", "AfterEachAttempt"],
      [{ showAnswerTiming: "AfterLastAttempt" }, "Yes", "AfterLastAttempt"],
      [{ showAnswerTiming: "AfterQuizCloses", ...dateRange }, "Yes", "AfterQuizCloses"],
      [{ showAnswerTiming: "Never" }, "No", "Never"],
      [{ showAnswer: "No" }, "No", "Never"],
      [{ showAnswer: "Yes" }, "Yes", "AfterEachAttempt"],
    ] as const;
    for (const [fields, showAnswer, timing] of cases) {
      const res = await create(fields);
      expect(res.status, JSON.stringify([fields, res.body])).toBe(201);
      expect(timingOf(res), JSON.stringify(fields)).toEqual([showAnswer, timing]);
      const found = await post(tenant.teacher, "/quiz/findOne", { quizId: res.body.entity.id });
      expect(timingOf(found)).toEqual([showAnswer, timing]);
    }
    const listed = await post(tenant.teacher, "/quiz/allByTeacher", { queryParams: { pageSize: 50 } });
    expect(listed.body.entities.map((e: { showAnswerTiming: string }) => e.showAnswerTiming).sort()).toEqual(["AfterEachAttempt", "AfterEachAttempt", "AfterEachAttempt", "AfterLastAttempt", "AfterQuizCloses", "Never", "Never"]);
  });

  it("when both are sent and disagree, showAnswerTiming wins and showAnswer is derived from it", async () => {
    expect(timingOf(await create({ showAnswer: "No", showAnswerTiming: "AfterLastAttempt" }))).toEqual(["Yes", "AfterLastAttempt"]);
    expect(timingOf(await create({ showAnswer: "Yes", showAnswerTiming: "Never" }))).toEqual(["No", "Never"]);
  });

  it("on update, showAnswer alone keeps a stored kind of Yes, turns No into Never and Never back into AfterEachAttempt", async () => {
    const { body } = await create({ showAnswerTiming: "AfterLastAttempt" });
    const id = body.entity.id;
    expect(timingOf(await update(id, { showAnswer: "Yes" }))).toEqual(["Yes", "AfterLastAttempt"]);
    expect(timingOf(await update(id, { quizName: "Renamed" }))).toEqual(["Yes", "AfterLastAttempt"]);
    expect(timingOf(await update(id, { showAnswer: "No" }))).toEqual(["No", "Never"]);
    expect(await stored(id)).toEqual({ showAnswer: false, showAnswerTiming: "AfterEachAttempt" });
    expect(timingOf(await update(id, { showAnswer: "Yes" }))).toEqual(["Yes", "AfterEachAttempt"]);
    expect(timingOf(await update(id, { showAnswerTiming: "Never", showAnswer: "Yes" }))).toEqual(["No", "Never"]);
  });

  it("refuses AfterQuizCloses for a quiz that never closes with a clear message, and changes nothing", async () => {
    const refused = await create({ showAnswerTiming: "AfterQuizCloses" });
    expect([refused.status, refused.body.errors]).toEqual([400, { showAnswerTiming: OWN_MESSAGES.afterQuizClosesNeedsDateRange }]);
    const { body } = await create({ showAnswerTiming: "AfterQuizCloses", ...dateRange });
    const id = body.entity.id;
    // Leaving the date range while the timing waits for its end: refused, the quiz untouched.
    const leave = await update(id, { status: "Published" });
    expect([leave.status, leave.body.errors]).toEqual([400, { showAnswerTiming: OWN_MESSAGES.afterQuizClosesNeedsDateRange }]);
    expect((await post(tenant.teacher, "/quiz/findOne", { quizId: id })).body.entity).toMatchObject({ status: "DateRange", showAnswerTiming: "AfterQuizCloses" });
    // With another timing in the same request it is fine.
    expect(timingOf(await update(id, { status: "Published", showAnswerTiming: "AfterLastAttempt" }))).toEqual(["Yes", "AfterLastAttempt"]);
  });

  it("refuses an unknown timing with a clear 400 (never a 500) and stores nothing", async () => {
    for (const showAnswerTiming of ["Sometimes", "", 3, null, "afterLastAttempt"]) {
      const res = await create({ showAnswerTiming });
      expect(res.status, JSON.stringify(showAnswerTiming)).toBe(400);
      expect(Object.values(res.body.errors ?? { message: res.body.message }).join(" ")).toMatch(/Show answer timing/);
    }
    expect((await services.db.select().from(quizzes)).length).toBe(0);
  });

  it("reports a timing error on the wizard's settings step (its Next runs checkQuizDraft) like the other settings", async () => {
    const teacher = { userId: tenant.teacher.id, businessId: tenant.business.id, userType: "Teacher" as const, profile: tenant.teacher.profile, roleLevel: tenant.teacher.roleLevel };
    const settings = ["status", "startDate", "endDate", "showAnswer", "showAnswerTiming"];
    expect(await checkQuizDraft(services, teacher, { draft: validQuiz({ showAnswerTiming: "AfterQuizCloses" }) }, settings)).toEqual({ showAnswerTiming: say("QUIZ_SHOW_ANSWERS_AFTER_CLOSE_NEEDS_DATE_RANGE") });
    expect(await checkQuizDraft(services, teacher, { draft: validQuiz({ showAnswerTiming: "AfterQuizCloses", ...dateRange }) }, settings)).toEqual({});
    expect(await checkQuizDraft(services, teacher, { draft: validQuiz({ showAnswerTiming: "Later" }) }, settings)).toEqual({ showAnswerTiming: OWN_MESSAGES.showAnswerTimingInvalid });
  });

  it("with showAnswerSettingAllowed No, every quiz shows answers after each attempt, whatever is sent", async () => {
    await services.db.update(adminSettings).set({ showAnswerSettingAllowed: false }).where(eq(adminSettings.businessId, tenant.business.id));
    for (const fields of [{ showAnswerTiming: "Never" }, { showAnswerTiming: "AfterLastAttempt" }, { showAnswer: "No" }, { showAnswerTiming: "AfterQuizCloses" }]) {
      const res = await create(fields);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(timingOf(res)).toEqual(["Yes", "AfterEachAttempt"]);
    }
  });
});
