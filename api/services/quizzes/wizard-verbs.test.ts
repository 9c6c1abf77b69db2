import { beforeEach, describe, expect, it } from "vitest";
import { createCategoryCourse, createQuestion, createQuiz, createTenant } from "../../test-support/factories.node";
import { adminSettings } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { createTestServices } from "../../test-support/test-app.node";
import { checkQuizDraft } from "./check-quiz-draft";
import { listSourceQuestions } from "./list-source-questions";
import { quizNames } from "./quiz-names";
import { say } from "../message-codes";

/** The verbs behind the wizard's Next button and its pick lists (quiz-new/edit, quiz-pick routes). */
let services: AppServices;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
const callerOf = (user: { id: number; businessId: number; userType: Caller["userType"]; profile: number }): Caller => ({
  userId: user.id,
  businessId: user.businessId,
  userType: user.userType,
  profile: user.profile,
  roleLevel: 4,
});

beforeEach(async () => {
  services = await createTestServices();
  tenant = await createTenant(services.db, "Wizard School");
  other = await createTenant(services.db, "Other School");
});

const details = { quizName: "Fractions", quizDescription: "Halves and quarters", category: "Maths", course: "Fractions", level: "Easy" };
const settings = { status: "Published", allowSkip: "Yes", takeBestScore: "No", negativeMarking: "No", attemptsAllowed: 2, time: 10, quiztimetype: "Quiz" };

describe("checkQuizDraft (the wizard's Next)", () => {
  it("answers only the current step's fields, with the rules Submit applies", async () => {
    const teacher = callerOf(tenant.teacher);
    const empty = await checkQuizDraft(services, teacher, { draft: {} }, ["quizName", "quizDescription", "category", "course", "level", "totalQuestion"]);
    expect(empty).toEqual({
      quizName: say("QUIZ_NAME_REQUIRED"),
      quizDescription: say("QUIZ_DESCRIPTION_REQUIRED"),
      category: say("QUIZ_CATEGORY_REQUIRED"),
      course: say("QUIZ_COURSE_REQUIRED"),
      level: say("QUIZ_LEVEL_REQUIRED"),
    });
    // A field wrong on its own does not hide the others.
    const blankName = await checkQuizDraft(services, teacher, { draft: { quizName: "", quizDescription: "x" } }, ["quizName", "quizDescription", "level"]);
    expect(blankName).toEqual({ quizName: say("QUIZ_NAME_REQUIRED"), quizDescription: say("MIN_2_SYMBOLS"), level: say("QUIZ_LEVEL_REQUIRED") });
    expect(await checkQuizDraft(services, teacher, { draft: details }, ["quizName", "quizDescription", "category", "course", "level"])).toEqual({});
    // Settings of a date range without dates; questions (a later step) are not reported yet.
    const dateRange = await checkQuizDraft(services, teacher, { draft: { ...details, ...settings, status: "DateRange" } }, ["status", "startDate", "endDate", "time"]);
    expect(dateRange).toEqual({ startDate: say("QUIZ_START_DATE_REQUIRED"), endDate: say("QUIZ_END_DATE_REQUIRED") });
    const wrongTypes = await checkQuizDraft(services, teacher, { draft: { ...details, time: "soon", attemptsAllowed: 0 } }, ["time", "attemptsAllowed"]);
    expect(wrongTypes).toEqual({ time: say("QUIZ_TIME_INVALID"), attemptsAllowed: say("QUIZ_ATTEMPTS_INVALID") });
  });

  it("applies the owner's policy first: a setting the owner took away is never required", async () => {
    await services.db.insert(adminSettings).values({ businessId: tenant.business.id, quizTimeSettingAllowed: false, negativeMarkingSettingAllowed: false }).onConflictDoUpdate({
      target: adminSettings.businessId,
      set: { quizTimeSettingAllowed: false, negativeMarkingSettingAllowed: false },
    });
    const errors = await checkQuizDraft(services, callerOf(tenant.teacher), { draft: { ...details, ...settings, time: undefined, negativeMarking: "Yes" } }, ["time", "negativeMarking", "consuctiveWrongAnswersForNegativeMarking"]);
    expect(errors).toEqual({});
  });

  it("checks an edit over the stored quiz, only for those who may change it, never across businesses", async () => {
    const quiz = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    expect(await checkQuizDraft(services, callerOf(tenant.teacher), { quizId: quiz.quiz.id, draft: { quizName: "" } }, ["quizName", "category"])).toEqual({ quizName: say("QUIZ_NAME_REQUIRED") });
    expect(await checkQuizDraft(services, callerOf(tenant.owner), { quizId: quiz.quiz.id, draft: { quizName: "Renamed" } }, ["quizName"])).toEqual({});
    await expect(checkQuizDraft(services, callerOf(other.teacher), { quizId: quiz.quiz.id, draft: {} }, ["quizName"])).rejects.toMatchObject({ status: 404 });
    await expect(checkQuizDraft(services, callerOf(tenant.student), { draft: {} }, ["quizName"])).rejects.toMatchObject({ status: 403 });
  });
});

describe("the wizard's pick lists", () => {
  it("lists the questions of source quizzes once each, without options, only of the caller's business", async () => {
    const place = await createCategoryCourse(services.db, { businessId: tenant.business.id });
    const ids = { categoryId: place.category.id, courseId: place.course.id };
    const make = async (questionText: string) => (await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...ids, questionText })).question.id;
    const [a, b, c] = [await make("A?"), await make("B?"), await make("C?")];
    const first = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...ids, questionIds: [a, b] });
    const second = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...ids, questionIds: [b, c] });
    const foreign = await createQuiz(services.db, { businessId: other.business.id, teacherId: other.teacher.id });
    const teacher = callerOf(tenant.teacher);

    const listed = await listSourceQuestions(services, teacher, { quizIds: [first.quiz.id, second.quiz.id, foreign.quiz.id] });
    expect(listed.map((q) => q.questionText)).toEqual(["A?", "B?", "C?"]);
    expect(Object.keys(listed[0]).sort()).toEqual(["id", "optionType", "questionId", "questionText"]);
    expect(await listSourceQuestions(services, teacher, { quizIds: [first.quiz.id], exceptQuizId: first.quiz.id })).toEqual([]);
    await expect(listSourceQuestions(services, teacher, { quizIds: ["x"] })).rejects.toThrow();

    expect(await quizNames(services, teacher, { quizIds: [second.quiz.id, foreign.quiz.id] })).toEqual([{ id: second.quiz.id, quizName: second.quiz.quizName }]);
    await expect(quizNames(services, callerOf(tenant.student), { quizIds: [] })).rejects.toMatchObject({ status: 403 });
  });
});
