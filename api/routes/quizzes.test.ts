import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createAttempt, createCategoryCourse, createDepartment, createQuestion, createQuiz, createTenant, createUser } from "../test-support/factories.node";
import { adminSettings, quizQuestions, quizSources, quizzes } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { OWN_MESSAGES } from "../services/quizzes/schemas";
import { MESSAGE_CODES } from "../services/message-codes";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";
import { createTestBed, type TestApi, type TestBed, type Tenant, type Who } from "../test-support/test-bed.node";
import { quizBody } from "../test-support/request-bodies";
import { createCountingDb } from "../test-support/counting-db.node";

let services: AppServices;
let app: TestApi;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let questionIds: number[];
let ids: { categoryId: number; courseId: number };

beforeEach(async () => {
  ({ services, app, tenant, other, post } = await createTestBed("Quiz School"));
  const { category, course } = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Maths", course: "Algebra" });
  ids = { categoryId: category.id, courseId: course.id };
  questionIds = [];
  for (let i = 0; i < 4; i++) {
    const { question } = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, ...ids, questionText: `Question ${i}?` });
    questionIds.push(question.id);
  }
});

/** A complete, valid question-based quiz in the spec's names. */
const validQuiz = (overrides: Record<string, unknown> = {}) => quizBody({ totalQuestion: 3, selectedQuestions: questionIds.slice(0, 3), ...overrides });

const create = (who: Who, overrides: Record<string, unknown> = {}) => post(who, "/quiz", validQuiz(overrides));
const quizCount = async () => (await services.db.select({ n: sql<number>`count(*)` }).from(quizzes))[0].n;
const setPolicy = (values: Partial<typeof adminSettings.$inferInsert>) =>
  services.db.update(adminSettings).set(values).where(eq(adminSettings.businessId, tenant.business.id));

describe("POST /quiz (create)", () => {
  it("stores the quiz and its questions in order and answers 'Quiz Added' with the entity in the spec's names", async () => {
    const res = await create(tenant.teacher, { selectedQuestions: [questionIds[2], questionIds[0], questionIds[1]], isPremium: true, showAnswer: "No", password: "open sesame" });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Quiz Added");
    const entity = res.body.entity;
    expect(entity).toMatchObject({
      id: expect.any(Number),
      quizName: "Algebra basics",
      quizDescription: "Linear equations",
      category: "Maths",
      course: "Algebra",
      level: "Easy",
      totalQuestion: 3,
      questionsCount: 3,
      takenCount: 0,
      isPremium: true,
      premiumQuiz: true,
      status: "Published",
      startDate: null,
      endDate: null,
      allowSkip: "Yes",
      takeBestScore: "No",
      showAnswer: "No",
      negativeMarking: "No",
      attemptsAllowed: 2,
      quiztimetype: "Quiz",
      timeType: "Quiz",
      time: 15,
      consuctiveWrongAnswersForNegativeMarking: 0,
      password: "open sesame",
      profile: [],
      department: [],
      quizType: "questions",
      selectedQuizes: [],
      teacherId: tenant.teacher.id,
      userid: tenant.teacher.id,
    });
    expect(entity.quizId).toBe(entity.id);
    expect(entity.selectedQuestions).toEqual([questionIds[2], questionIds[0], questionIds[1]]);
    expect(entity.questions).toEqual([
      { id: questionIds[2], questionId: questionIds[2], questionText: "Question 2?", optionType: "radio" },
      { id: questionIds[0], questionId: questionIds[0], questionText: "Question 0?", optionType: "radio" },
      { id: questionIds[1], questionId: questionIds[1], questionText: "Question 1?", optionType: "radio" },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/optionStatus|isCorrect/);
    const links = await services.db.select().from(quizQuestions).where(eq(quizQuestions.quizId, entity.id)).orderBy(quizQuestions.position);
    expect(links.map((l) => l.questionId)).toEqual(entity.selectedQuestions);
  });

  it("sets an empty totalQuestion to the number selected, reads numbers sent as text, stores a date range in seconds", async () => {
    const res = await create(tenant.owner, { totalQuestion: "", attemptsAllowed: "3", time: "-1", status: "DateRange", startDate: 1_700_000_000, endtimestamp: 1_800_000_000, selectedQuestions: questionIds.map(String) });
    expect(res.status).toBe(201);
    expect(res.body.entity).toMatchObject({ totalQuestion: 4, attemptsAllowed: 3, time: -1, status: "DateRange", startDate: 1_700_000_000, starttimestamp: 1_700_000_000, endDate: 1_800_000_000, teacherId: tenant.owner.id });
    const [row] = await services.db.select().from(quizzes).where(eq(quizzes.id, res.body.entity.id));
    expect(row).toMatchObject({ startTimestamp: 1_700_000_000, endTimestamp: 1_800_000_000, totalQuestion: 4 });
  });

  it("accepts the timeType alias and visibility lists of the business's profiles and departments", async () => {
    const department = await createDepartment(services.db, { businessId: tenant.business.id });
    const res = await create(tenant.teacher, { quiztimetype: undefined, timeType: "Question", profile: [3, 4, 4], department: [department.id] });
    expect(res.status).toBe(201);
    expect(res.body.entity).toMatchObject({ quiztimetype: "Question", timeType: "Question", profile: [3, 4], department: [department.id] });
  });

  it("answers the spec's texts for every missing required field, keyed by field, and stores nothing", async () => {
    const res = await post(tenant.teacher, "/quiz", {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      quizName: OWN_MESSAGES.quizNameRequired,
      quizDescription: OWN_MESSAGES.quizDescriptionRequired,
      category: "Category is required",
      course: "Course is required",
      level: OWN_MESSAGES.levelRequired,
      status: "Quiz status is required",
      allowSkip: "Allow skip is required",
      takeBestScore: "Take Best Score is required",
      negativeMarking: "Negative Marking is required",
      attemptsAllowed: "No of attempts is required",
      quiztimetype: "Quiz time type is required",
      time: "Time is required",
    });
    expect(res.body.message).toBe(Object.values(res.body.errors)[0]);
    expect(await quizCount()).toBe(0);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["short name", { quizName: "Q" }, "quizName", "Minimum 2 symbols"],
    ["long description", { quizDescription: "d".repeat(501) }, "quizDescription", "Maximum 500 symbols"],
    ["blank category", { category: "  " }, "category", "Category is required"],
    ["blank course", { course: "" }, "course", "Course is required"],
    ["level", { level: "Expert" }, "level", OWN_MESSAGES.levelInvalid],
    ["total 0", { totalQuestion: 0 }, "totalQuestion", OWN_MESSAGES.totalQuestionInvalid],
    ["total 101", { totalQuestion: 101 }, "totalQuestion", OWN_MESSAGES.totalQuestionInvalid],
    ["time 0", { time: 0 }, "time", OWN_MESSAGES.timeInvalid],
    ["time 101", { time: 101 }, "time", OWN_MESSAGES.timeInvalid],
    ["time missing", { time: null }, "time", "Time is required"],
    ["attempts 0", { attemptsAllowed: 0 }, "attemptsAllowed", OWN_MESSAGES.attemptsInvalid],
    ["attempts missing", { attemptsAllowed: "" }, "attemptsAllowed", "No of attempts is required"],
    ["status missing", { status: undefined }, "status", "Quiz status is required"],
    ["allowSkip missing", { allowSkip: undefined }, "allowSkip", "Allow skip is required"],
    ["takeBestScore missing", { takeBestScore: null }, "takeBestScore", "Take Best Score is required"],
    ["negativeMarking missing", { negativeMarking: undefined }, "negativeMarking", "Negative Marking is required"],
    ["time type missing", { quiztimetype: undefined }, "quiztimetype", "Quiz time type is required"],
    ["start missing", { status: "DateRange", endDate: 1_800_000_000 }, "startDate", "Start date is required for date range"],
    ["end missing", { status: "DateRange", startDate: 1_700_000_000 }, "endDate", "End date is required for date range"],
    ["start after end", { status: "DateRange", startDate: 1_800_000_001, endDate: 1_800_000_000 }, "startDate", "Start date must not be greater than end date"],
    ["dates in ms", { status: "DateRange", startDate: 1_700_000_000_000, endDate: 1_800_000_000_000 }, "startDate", OWN_MESSAGES.dateInvalid("Start date")],
    ["negative marking count", { negativeMarking: "Yes", consuctiveWrongAnswersForNegativeMarking: 0 }, "consuctiveWrongAnswersForNegativeMarking", "Please provide number of wrong answers for negative marking"],
    ["no questions", { selectedQuestions: [] }, "selectedQuestions", "You did not select any questions. You need to select atleast one question."],
    ["more than total", { totalQuestion: 2 }, "selectedQuestions", "Total questions cannot be more than 2"],
    ["fewer than total", { totalQuestion: 4, selectedQuestions: "first" }, "selectedQuestions", "You set total questions : 4 but you have selected only 1. Please select accordingly."],
    ["quiz-based without sources", { quizType: "quizzes" }, "selectedQuizes", "one quiz should remain"],
  ];
  for (const [label, overrides, field, message] of cases) {
    it(`refuses ${label}: ${message}`, async () => {
      const res = await create(tenant.teacher, overrides.selectedQuestions === "first" ? { ...overrides, selectedQuestions: questionIds.slice(0, 1) } : overrides);
      expect(res.status).toBe(400);
      expect(res.body.errors?.[field]).toBe(message);
      expect(await quizCount()).toBe(0);
    });
  }

  it("sends spec 8's counts by code with their values, the English text unchanged (ADR 0061)", async () => {
    const tooMany = await create(tenant.teacher, { totalQuestion: 2 });
    expect(tooMany.body).toMatchObject({ code: "QUIZ_TOO_MANY_QUESTIONS", params: { n: 2 }, errorCodes: { selectedQuestions: "QUIZ_TOO_MANY_QUESTIONS" }, errorParams: { selectedQuestions: { n: 2 } } });
    const fewer = await create(tenant.teacher, { totalQuestion: 4, selectedQuestions: questionIds.slice(0, 1) });
    expect(fewer.body).toMatchObject({ errorCodes: { selectedQuestions: "QUIZ_COUNT_MISMATCH" }, errorParams: { selectedQuestions: { n: 4, m: 1 } } });
    expect(await quizCount()).toBe(0);
  });

  it("says the place lookup's refusal by code: reworded, it keeps QUIZ_UNKNOWN_CATEGORY_COURSE (ADR 0061, no lookup by text)", async () => {
    const before = MESSAGE_CODES.QUIZ_UNKNOWN_CATEGORY_COURSE;
    Object.assign(MESSAGE_CODES, { QUIZ_UNKNOWN_CATEGORY_COURSE: "No such place." });
    try {
      const refused = await create(tenant.teacher, { course: "Geometry" });
      expect(refused.body).toMatchObject({ code: "QUIZ_UNKNOWN_CATEGORY_COURSE", message: "No such place.", errorCodes: { course: "QUIZ_UNKNOWN_CATEGORY_COURSE" } });
    } finally {
      Object.assign(MESSAGE_CODES, { QUIZ_UNKNOWN_CATEGORY_COURSE: before });
    }
  });

  it("refuses names of categories, questions, profiles and departments the business does not have, without confirming another business's ids", async () => {
    const foreign = await createQuestion(services.db, { businessId: other.business.id, teacherId: other.teacher.id });
    const foreignDepartment = await createDepartment(services.db, { businessId: other.business.id });
    const unknownPair = await create(tenant.teacher, { course: "Geometry" });
    expect(unknownPair.status).toBe(400);
    expect(unknownPair.body.errors.course).toBe(OWN_MESSAGES.unknownCategoryCourse);
    const theirs = await create(tenant.teacher, { selectedQuestions: [questionIds[0], questionIds[1], foreign.question.id] });
    const missing = await create(tenant.teacher, { selectedQuestions: [questionIds[0], questionIds[1], 999_999] });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.errors).toEqual({ selectedQuestions: OWN_MESSAGES.unknownQuestions });
    const visibility = await create(tenant.teacher, { profile: [9], department: [foreignDepartment.id] });
    expect(visibility.body.errors).toEqual({ profile: OWN_MESSAGES.unknownProfiles, department: OWN_MESSAGES.unknownDepartments });
    expect(await quizCount()).toBe(0);
  });

  it("builds a quiz from other quizzes: sources of the business, questions only from them", async () => {
    const source = (await create(tenant.teacher)).body.entity;
    const foreignQuiz = await createQuiz(services.db, { businessId: other.business.id, teacherId: other.teacher.id });
    const fromSources = { quizType: "quizzes", totalQuestion: 2, selectedQuizes: [source.id], selectedQuestions: questionIds.slice(0, 2) };
    const res = await create(tenant.teacher, fromSources);
    expect(res.status).toBe(201);
    expect(res.body.entity).toMatchObject({ quizType: "quizzes", selectedQuizes: [source.id], selectedQuestions: questionIds.slice(0, 2) });
    expect(await services.db.select().from(quizSources)).toEqual([{ quizId: res.body.entity.id, sourceQuizId: source.id }]);

    const outside = await create(tenant.teacher, { ...fromSources, selectedQuestions: [questionIds[0], questionIds[3]] });
    expect(outside.body.errors).toEqual({ selectedQuestions: OWN_MESSAGES.notFromSources });
    const foreignSource = await create(tenant.teacher, { ...fromSources, selectedQuizes: [foreignQuiz.quiz.id] });
    expect(foreignSource.status).toBe(400);
    expect(foreignSource.body.errors.selectedQuizes).toBe(OWN_MESSAGES.unknownQuizzes);

    // Its source deleted later, the quiz keeps its questions and can still be renamed; new questions need a source again.
    const derived = res.body.entity;
    expect((await post(tenant.teacher, "/quiz/delete", { quizId: source.id })).status).toBe(200);
    const renamed = await post(tenant.teacher, "/quiz/update", { quizId: derived.id, quizName: "Revision" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.entity).toMatchObject({ quizName: "Revision", selectedQuizes: [], selectedQuestions: questionIds.slice(0, 2) });
    const requestioned = await post(tenant.teacher, "/quiz/update", { quizId: derived.id, totalQuestion: 1, selectedQuestions: [questionIds[0]] });
    expect(requestioned.body.errors).toEqual({ selectedQuizes: "one quiz should remain" });
  });

  it("applies the owner's policy whatever the request says", async () => {
    await setPolicy({ quizTimeSettingAllowed: false, questionTimeSettingAllowed: false, negativeMarkingSettingAllowed: false, passwordQuizSettingAllowed: false, showAnswerSettingAllowed: false });
    const res = await create(tenant.teacher, { time: 30, quiztimetype: "Question", negativeMarking: "Yes", consuctiveWrongAnswersForNegativeMarking: 3, password: "secret", showAnswer: "No" });
    expect(res.status).toBe(201);
    expect(res.body.entity).toMatchObject({ time: -1, quiztimetype: "Quiz", negativeMarking: "No", consuctiveWrongAnswersForNegativeMarking: 0, password: "", showAnswer: "Yes" });
    // What the policy takes away is not required either.
    const minimal = await create(tenant.teacher, { time: undefined, quiztimetype: undefined, negativeMarking: undefined });
    expect(minimal.status).toBe(201);
    expect(minimal.body.entity).toMatchObject({ time: -1, quiztimetype: "Quiz", negativeMarking: "No" });
  });

  it("keeps question time only when the owner allows it, while quiz time stays", async () => {
    await setPolicy({ questionTimeSettingAllowed: false });
    const res = await create(tenant.teacher, { time: 5, quiztimetype: "Question" });
    expect(res.body.entity).toMatchObject({ time: 5, quiztimetype: "Quiz" });
  });
});

describe("writes that must not half-happen", () => {
  it("deletes the new quiz row again when storing its questions fails (no quiz without questions)", async () => {
    await services.db.run(sql`create trigger refuse_links before insert on quiz_questions begin select raise(abort, 'refused by the test'); end`);
    const res = await create(tenant.teacher);
    expect(res.status).toBe(500);
    expect(res.body.message).toBe("Something wrong!");
    expect(await quizCount()).toBe(0);
  });

  it("refuses a delete when an attempt arrives between the check and the delete (the foreign key decides)", async () => {
    const quiz = (await create(tenant.teacher)).body.entity;
    // An attempt that appears inside the delete statement itself: the check before it saw none.
    await services.db.run(
      sql.raw(`create trigger late_attempt before delete on quizzes begin
        insert into quiz_attempts (business_id, quiz_id, student_id, attempt_number, exam_mode, started_at, correct_answered, negative_points, percentage, time_taken, status, rating)
        values (old.business_id, old.id, ${tenant.student.id}, 1, 'all', 0, 0, 0, 0, 0, 'Pending', 0); end`),
    );
    expect(await post(tenant.teacher, "/quiz/delete", { quizId: quiz.id })).toEqual({ status: 409, body: { code: "QUIZ_NOT_DELETABLE", message: "Sorry! the quiz is taken by one or more students and is not deleteable" } });
    expect(await quizCount()).toBe(1);
  });
});

describe("POST /quiz/update", () => {
  let quiz: { id: number };
  beforeEach(async () => {
    quiz = (await create(tenant.teacher)).body.entity;
  });

  it("changes only what is sent, with the same rules, and answers 'Quiz Updated'", async () => {
    const res = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, quizName: "Renamed", timeType: "Question", selectedQuestions: questionIds.slice(1, 4).reverse() });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Quiz Updated");
    expect(res.body.entity).toMatchObject({ id: quiz.id, quizName: "Renamed", quizDescription: "Linear equations", quiztimetype: "Question", time: 15, selectedQuestions: questionIds.slice(1, 4).reverse() });
    const bad = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, totalQuestion: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.selectedQuestions).toBe("Total questions cannot be more than 2");
    const cleared = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, totalQuestion: null, selectedQuestions: questionIds });
    expect(cleared.body.entity.totalQuestion).toBe(4);
  });

  it("applies the owner's current policy on update", async () => {
    await setPolicy({ quizTimeSettingAllowed: false, negativeMarkingSettingAllowed: false });
    const res = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, negativeMarking: "Yes", consuctiveWrongAnswersForNegativeMarking: 2 });
    expect(res.body.entity).toMatchObject({ time: -1, negativeMarking: "No", consuctiveWrongAnswersForNegativeMarking: 0 });
  });

  it("is for the quiz's teacher or the owner; another business's quiz is not found", async () => {
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const refused = await post(colleague, "/quiz/update", { quizId: quiz.id, quizName: "Mine now" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Sorry! you don't have permissions for this operation");
    expect((await post(tenant.owner, "/quiz/update", { quizId: quiz.id, quizName: "By the owner" })).status).toBe(200);
    const foreign = await post(other.owner, "/quiz/update", { quizId: quiz.id, quizName: "Theirs" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("The requested quiz is not found");
    const [row] = await services.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row.quizName).toBe("By the owner");
  });

  it("keeps the category, course and questions of a taken quiz; other details stay editable", async () => {
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Physics", course: "Optics" });
    const moved = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, category: "Physics", course: "Optics" });
    expect(moved.status).toBe(409);
    expect(moved.body.message).toBe("Sorry, the quiz is taken by one or more students and is not editable");
    const requestioned = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, totalQuestion: 4, selectedQuestions: questionIds });
    expect(requestioned.status).toBe(409);
    expect(requestioned.body.message).toBe("Sorry, the quiz is taken by one or more students, so editing questions is not allowed");
    const reordered = await post(tenant.teacher, "/quiz/update", { quizId: quiz.id, selectedQuestions: questionIds.slice(0, 3).reverse() });
    expect(reordered.status).toBe(409);

    const details = await post(tenant.teacher, "/quiz/update", { ...validQuiz(), quizId: quiz.id, quizName: "Still editable", status: "DateRange", startDate: 1_700_000_000, endDate: 1_700_100_000, isPremium: true, profile: [4] });
    expect(details.status).toBe(200);
    expect(details.body.entity).toMatchObject({ quizName: "Still editable", status: "DateRange", isPremium: true, profile: [4], takenCount: 1, selectedQuestions: questionIds.slice(0, 3) });
  });
});

describe("POST /quiz/findOne", () => {
  it("reads a quiz of the business with its questions (no correctness), for any author of it", async () => {
    const quiz = (await create(tenant.teacher)).body.entity;
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const res = await post(colleague, "/quiz/findOne", { quizId: quiz.id });
    expect(res.status).toBe(200);
    expect(res.body.entity).toEqual(quiz);
    expect(JSON.stringify(res.body)).not.toMatch(/optionStatus|isCorrect|options/);
    const foreign = await post(other.teacher, "/quiz/findOne", { quizId: quiz.id });
    expect(foreign).toEqual({ status: 404, body: { code: "NOT_FOUND", message: "The requested quiz is not found" } });
    expect((await post(tenant.teacher, "/quiz/findOne", { quizId: 999_999 })).body).toEqual(foreign.body);
  });
});

describe("POST /quiz/delete", () => {
  it("lets the quiz's teacher or the owner delete a quiz nobody has taken", async () => {
    const mine = (await create(tenant.teacher)).body.entity;
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    const refused = await post(colleague, "/quiz/delete", { quizId: mine.id });
    expect(refused).toEqual({ status: 403, body: { code: "FORBIDDEN", message: "Sorry! you don't have permissions for this operation" } });
    expect((await post(other.owner, "/quiz/delete", { quizId: mine.id })).status).toBe(404);
    expect(await post(tenant.teacher, "/quiz/delete", { quizId: mine.id })).toEqual({ status: 200, body: { message: "Quiz deleted", code: "QUIZ_DELETED" } });
    expect((await post(tenant.teacher, "/quiz/findOne", { quizId: mine.id })).status).toBe(404);
    expect(await services.db.select().from(quizQuestions)).toEqual([]);

    const byOwner = (await create(tenant.teacher)).body.entity;
    expect((await post(tenant.owner, "/quiz/delete", { quizId: byOwner.id })).status).toBe(200);
    expect(await quizCount()).toBe(0);
  });

  it("refuses to delete a taken quiz, even for the owner", async () => {
    const quiz = (await create(tenant.teacher)).body.entity;
    await createAttempt(services.db, { businessId: tenant.business.id, quizId: quiz.id, studentId: tenant.student.id });
    for (const who of [tenant.teacher, tenant.owner]) {
      expect(await post(who, "/quiz/delete", { quizId: quiz.id })).toEqual({ status: 409, body: { code: "QUIZ_NOT_DELETABLE", message: "Sorry! the quiz is taken by one or more students and is not deleteable" } });
    }
    expect(await quizCount()).toBe(1);
  });
});

describe("quiz lists", () => {
  beforeEach(async () => {
    const physics = await createCategoryCourse(services.db, { businessId: tenant.business.id, category: "Physics", course: "Optics" });
    const make = (teacherId: number, quizName: string, extra: Record<string, unknown> = {}) =>
      createQuiz(services.db, { businessId: tenant.business.id, teacherId, quizName, questionIds: questionIds.slice(0, 2), ...ids, ...extra });
    await make(tenant.teacher.id, "beta", { level: "Hard" });
    const taken = await make(tenant.teacher.id, "Alpha 100%", { level: "Moderate", status: "Draft" });
    await make(tenant.owner.id, "Gamma", { ...{ categoryId: physics.category.id, courseId: physics.course.id }, isPremium: true });
    await createQuiz(services.db, { businessId: other.business.id, teacherId: other.teacher.id, quizName: "Other's quiz" });
    for (const attemptNumber of [1, 2]) {
      await createAttempt(services.db, { businessId: tenant.business.id, quizId: taken.quiz.id, studentId: tenant.student.id, attemptNumber });
    }
  });
  const names = (body: { entities: { quizName: string }[] }) => body.entities.map((e) => e.quizName);

  it("/quiz/all lists the business's quizzes by name with counts; /quiz/allByTeacher the caller's own", async () => {
    const all = await post(tenant.teacher, "/quiz/all", {});
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(3);
    expect(names(all.body)).toEqual(["Alpha 100%", "beta", "Gamma"]);
    expect(all.body.entities[0]).toMatchObject({ questionsCount: 2, takenCount: 2, category: "Maths", course: "Algebra", premiumQuiz: false });
    expect(all.body.entities[2]).toMatchObject({ category: "Physics", isPremium: true, premiumQuiz: true, takenCount: 0 });
    const own = await post(tenant.teacher, "/quiz/allByTeacher", { queryParams: {}, userId: other.teacher.id });
    expect(own.body.totalCount).toBe(2);
    expect(names(own.body)).toEqual(["Alpha 100%", "beta"]);
    const empty = await app.request("/quiz/all", { method: "POST", headers: await bearer(services, tenant.owner) });
    expect(((await empty.json()) as { totalCount: number }).totalCount).toBe(3);
  });

  it("filters by part of the name (literally), category, course and status; sorts and pages", async () => {
    const filter = async (f: object) => names((await post(tenant.owner, "/quiz/all", { queryParams: { filter: f } })).body);
    expect(await filter({ quizName: "ET" })).toEqual(["beta"]);
    expect(await filter({ quizName: "%" })).toEqual(["Alpha 100%"]);
    expect(await filter({ category: "Physics" })).toEqual(["Gamma"]);
    expect(await filter({ category: "Maths", course: "Algebra", status: "Published" })).toEqual(["beta"]);
    const sorted = async (sortField: string, sortOrder = "asc") => names((await post(tenant.owner, "/quiz/all", { queryParams: { sortField, sortOrder } })).body);
    expect(await sorted("takenCount", "desc")).toEqual(["Alpha 100%", "beta", "Gamma"]);
    expect(await sorted("level")).toEqual(["Gamma", "Alpha 100%", "beta"]);
    expect(await sorted("quizName", "desc")).toEqual(["Gamma", "beta", "Alpha 100%"]);
    const page2 = await post(tenant.owner, "/quiz/all", { queryParams: { pageNumber: 2, pageSize: 2 } });
    expect(page2.body).toMatchObject({ totalCount: 3 });
    expect(names(page2.body)).toEqual(["Gamma"]);
  });

  it("refuses unknown sort fields and bad paging or filters with a 400", async () => {
    for (const queryParams of [{ sortField: "password" }, { sortOrder: "up" }, { pageSize: 101 }, { pageNumber: 0 }, { filter: { status: "Open" } }, { filter: { quizName: 5 } }, "text"]) {
      const res = await post(tenant.teacher, "/quiz/all", { queryParams });
      expect(res.status, JSON.stringify(queryParams)).toBe(400);
    }
  });

  it("/quiz/allRandom picks up to 10 quizzes of one category and course", async () => {
    for (let i = 0; i < 10; i++) await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, quizName: `Extra ${i}`, questionIds: questionIds.slice(0, 1), ...ids });
    const res = await post(tenant.teacher, "/quiz/allRandom", { category: "Maths", course: "Algebra" });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(12);
    expect(res.body.entities).toHaveLength(10);
    expect(new Set(res.body.entities.map((e: { id: number }) => e.id)).size).toBe(10);
    expect(res.body.entities.every((e: { category: string; course: string }) => e.category === "Maths" && e.course === "Algebra")).toBe(true);
    const physics = await post(tenant.teacher, "/quiz/allRandom", { category: "Physics", course: "Optics" });
    expect(names(physics.body)).toEqual(["Gamma"]);
    const unknown = await post(tenant.teacher, "/quiz/allRandom", { category: "Maths", course: "Optics" });
    expect(unknown.status).toBe(400);
    expect((await post(other.teacher, "/quiz/allRandom", { category: "Maths", course: "Algebra" })).status).toBe(400);
  });
});

describe("query counts", () => {
  it("reads a list page in the same number of statements whatever its size (no query per quiz)", async () => {
    const counting = await createCountingDb();
    const counted = await createTestServices({ db: counting.db });
    const countedApp = createTestApi(counted);
    const school = await createTenant(counted.db);
    const pair = await createCategoryCourse(counted.db, { businessId: school.business.id });
    for (let i = 0; i < 12; i++) {
      const { quiz } = await createQuiz(counted.db, { businessId: school.business.id, teacherId: school.teacher.id, categoryId: pair.category.id, courseId: pair.course.id, questionCount: 1 });
      await createAttempt(counted.db, { businessId: school.business.id, quizId: quiz.id, studentId: school.student.id });
    }
    const headers = { "content-type": "application/json", ...(await bearer(counted, school.teacher)) };
    const cost = async (pageSize: number) => {
      counting.reset();
      const res = await countedApp.request("/quiz/all", { method: "POST", headers, body: JSON.stringify({ queryParams: { pageSize, sortField: "takenCount" } }) });
      expect(((await res.json()) as { entities: unknown[] }).entities).toHaveLength(Math.min(pageSize, 12));
      return counting.statements();
    };
    expect(await cost(1)).toBe(await cost(12));
    expect(await cost(12)).toBeLessThanOrEqual(6);
  });
});

describe("who may call the quiz API", () => {
  const calls = (quizId: number): [string, unknown][] => [
    ["/quiz", validQuiz()],
    ["/quiz/update", { quizId, quizName: "Student's" }],
    ["/quiz/findOne", { quizId }],
    ["/quiz/delete", { quizId }],
    ["/quiz/allByTeacher", {}],
    ["/quiz/allRandom", { category: "Maths", course: "Algebra" }],
  ];

  it("refuses students (403) and callers without a session (401) on every authoring route, changing nothing", async () => {
    const quiz = (await create(tenant.teacher)).body.entity;
    for (const [path, body] of calls(quiz.id)) {
      expect(await post(tenant.student, path, body), path).toEqual({ status: 403, body: { code: "FORBIDDEN", message: "Sorry! you don't have permissions for this operation" } });
      expect((await post(null, path, body)).status, path).toBe(401);
    }
    // /quiz/all answers a student with their own pool, never the authors' list (spec-list-calls.test.ts).
    const pool = await post(tenant.student, "/quiz/all", {});
    expect(pool.status).toBe(200);
    expect(pool.body).toHaveProperty("premium");
    expect(pool.body.entities[0]).not.toHaveProperty("password");
    expect((await post(null, "/quiz/all", {})).status).toBe(401);
    expect(await quizCount()).toBe(1);
    const [row] = await services.db.select().from(quizzes);
    expect(row.quizName).toBe("Algebra basics");
  });
});

describe("malformed input", () => {
  it("answers 4xx with a message, never 5xx, and stores nothing", async () => {
    const quiz = (await create(tenant.teacher)).body.entity;
    const before = await quizCount();
    const many = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const bodies: [string, unknown][] = [
      ["/quiz", { ...validQuiz(), selectedQuestions: many }],
      ["/quiz", { ...validQuiz(), profile: many, department: many }],
      ["/quiz", { ...validQuiz(), selectedQuestions: ["a", "b"] }],
      ["/quiz", { ...validQuiz(), selectedQuestions: "1,2,3" }],
      ["/quiz", { ...validQuiz(), totalQuestion: "three", time: "ten", attemptsAllowed: 1.5 }],
      ["/quiz", { ...validQuiz(), quizName: 123, category: ["Maths"], isPremium: "yes" }],
      ["/quiz", { ...validQuiz(), quizName: "n".repeat(600_000) }],
      ["/quiz", { ...validQuiz(), startDate: 1e300, status: "DateRange", endDate: -5 }],
      ["/quiz", { ...validQuiz(), selectedQuestions: [Number.MAX_SAFE_INTEGER, 2 ** 63] }],
      ["/quiz", { ...validQuiz(), quizType: "quizzes", selectedQuizes: [quiz.id, "x"] }],
      ["/quiz", "[1,2]"],
      ["/quiz", "null"],
      ["/quiz", "{"],
      ["/quiz/update", { quizId: "abc" }],
      ["/quiz/update", { quizId: { id: 1 } }],
      ["/quiz/update", { quizId: quiz.id, selectedQuestions: many }],
      ["/quiz/update", { quizId: quiz.id, selectedQuizes: "all" }],
      ["/quiz/update", { quizId: -1 }],
      ["/quiz/findOne", { quizId: 1e308 }],
      ["/quiz/findOne", {}],
      ["/quiz/delete", { quizId: [1] }],
      ["/quiz/all", { queryParams: { pageSize: "many" } }],
      ["/quiz/allRandom", { category: 5, course: null }],
    ];
    for (const [path, body] of bodies) {
      const res = await post(tenant.teacher, path, body);
      const label = `${path} ${JSON.stringify(body).slice(0, 80)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(typeof res.body.message, label).toBe("string");
    }
    const huge = await post(tenant.teacher, "/quiz", { ...validQuiz(), quizName: "n".repeat(5 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await quizCount()).toBe(before);
    const [row] = await services.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row.quizType).toBe("questions");
  });
});
