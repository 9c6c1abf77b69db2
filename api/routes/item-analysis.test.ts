import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { adminSettings, attemptAnswers, questionFeedback } from "../../db/schema";
import { createAttempt, createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import type { AppServices } from "../services/core/app-services";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/** decisions.md "Item analysis"; docs/decisions/0042-item-analysis.md. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, other, post } = await createTestBed("Analysis School"));
});

const DAY = 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23, 10, 0, 0);


/** Which option (0 = the right one) attempt i picks, per question; attempt 0 is the strongest. */
const PICKS = {
  // Everyone right: facility 1, its distractors unused.
  easy: (_i: number) => 0,
  // 0–7 right, 8–11 pick "Wrong", nobody picks "Never".
  unused: (i: number) => (i <= 7 ? 0 : 1),
  // 0–5 right, the rest spread over both distractors.
  good: (i: number) => (i <= 5 ? 0 : i <= 8 ? 1 : 2),
  fair: (i: number) => (i <= 3 ? 0 : i <= 7 ? 1 : 2),
  // The strong (0–5) fail, the weak (6–11) pass: negative discrimination.
  inverted: (i: number) => (i <= 2 ? 1 : i <= 5 ? 2 : 0),
};
const ATTEMPTS = 12;
const NAMES = ["easy", "unused", "good", "fair", "inverted"] as const;
/** Attempt i's number of right answers. */
const totalOf = (i: number) => NAMES.filter((name) => PICKS[name](i) === 0).length;

async function badQuiz() {
  const { teacher, business } = tenant;
  const question = (questionText: string, options: string[]) =>
    createQuestion(services.db, { businessId: business.id, teacherId: teacher.id, questionText, options: options.map((text, i) => [text, i === 0]) });
  const made = {
    easy: await question("Easy?", ["Right", "Nope", "No way"]),
    unused: await question("Unused distractor?", ["Right", "Wrong", "Never"]),
    good: await question("Good?", ["Right", "Wrong A", "Wrong B"]),
    fair: await question("Fair?", ["Right", "Wrong A", "Wrong B"]),
    inverted: await question("Inverted?", ["Right", "Wrong A", "Wrong B"]),
  };
  const { quiz } = await createQuiz(services.db, { businessId: business.id, teacherId: teacher.id, questionIds: NAMES.map((name) => made[name].question.id) });
  for (let i = 0; i < ATTEMPTS; i++) {
    const student = await createUser(services.db, { businessId: business.id, userType: "Student" });
    const attempt = await createAttempt(services.db, {
      businessId: business.id,
      quizId: quiz.id,
      studentId: student.id,
      startedAt: new Date(MONDAY + (i % 2) * DAY - 600_000),
      submittedAt: new Date(MONDAY + (i % 2) * DAY),
      correctAnswered: totalOf(i),
      percentage: (totalOf(i) / NAMES.length) * 100,
    });
    await services.db.insert(attemptAnswers).values(
      NAMES.map((name, position) => ({ attemptId: attempt.id, questionId: made[name].question.id, position, selectedOptionIds: [made[name].options[PICKS[name](i)].id], answerStatus: "yes" as const })),
    );
  }
  // An attempt still running counts for nothing.
  const running = await createAttempt(services.db, { businessId: business.id, quizId: quiz.id, studentId: tenant.student.id });
  await services.db.insert(attemptAnswers).values({ attemptId: running.id, questionId: made.unused.question.id, position: 1, selectedOptionIds: [made.unused.options[2].id] });
  return { quiz, ...made };
}

/** The item (1 right) and its rest score (total without it) per attempt: what the index correlates. */
function itemAndRest(name: (typeof NAMES)[number]) {
  const xs = Array.from({ length: ATTEMPTS }, (_, i) => (PICKS[name](i) === 0 ? 1 : 0));
  return [xs, xs.map((x, i) => totalOf(i) - x)] as const;
}

/** Pearson's r of two lists, computed the plain way (the API's sums must agree with it). */
function pearson(xs: number[], ys: number[]): number {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
}

describe("POST /takenQuiz/itemAnalysis", () => {
  it("measures each question and flags the bad ones", async () => {
    const { quiz, easy, unused, good, fair, inverted } = await badQuiz();
    await services.db.insert(questionFeedback).values([
      { businessId: tenant.business.id, questionId: inverted.question.id, studentId: tenant.student.id, feedbackText: "Answer key looks wrong" },
      { businessId: tenant.business.id, questionId: inverted.question.id, studentId: tenant.student.id, feedbackText: "Done", status: "Accepted" },
    ]);
    const answer = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(answer.status).toBe(200);
    const { data } = answer.body;
    expect(data.attempts).toBe(12);
    // Attempts 0–3 score 4 of 5 (80 %), 4–7 three (60 %), 8–11 two (40 %).
    expect(data.averagePercentage).toBe(60);
    expect(data.questions.map((q: { questionId: number }) => q.questionId)).toEqual([easy, unused, good, fair, inverted].map((q) => q.question.id));
    const [e, u, g, f, inv] = data.questions;

    expect(e).toMatchObject({ questionText: "Easy?", facility: 1, discrimination: null, flags: ["TOO_EASY", "UNUSED_DISTRACTOR"], pendingFeedbackCount: 0 });
    expect(e.options).toEqual([
      { optionId: easy.options[0].id, optionText: "Right", isCorrect: true, chosenCount: 12 },
      { optionId: easy.options[1].id, optionText: "Nope", isCorrect: false, chosenCount: 0 },
      { optionId: easy.options[2].id, optionText: "No way", isCorrect: false, chosenCount: 0 },
    ]);

    expect(u.facility).toBeCloseTo(8 / 12, 4);
    expect(u.options.map((o: { chosenCount: number }) => o.chosenCount)).toEqual([8, 4, 0]);
    expect(u.flags).toEqual(["UNUSED_DISTRACTOR"]);
    expect(u.discrimination).toBeCloseTo(pearson(...itemAndRest("unused")), 4);

    expect(g.facility).toBe(0.5);
    expect(g.discrimination).toBeCloseTo(pearson(...itemAndRest("good")), 4);
    expect(g.discrimination).toBeGreaterThan(0);
    expect(g.flags).toEqual([]);
    expect(g.options.map((o: { chosenCount: number }) => o.chosenCount)).toEqual([6, 3, 3]);
    expect(f.facility).toBeCloseTo(4 / 12, 4);
    expect(f.flags).toEqual([]);

    expect(inv.facility).toBe(0.5);
    expect(inv.discrimination).toBeCloseTo(pearson(...itemAndRest("inverted")), 4);
    expect(inv.discrimination).toBeLessThan(-0.5);
    expect(inv.flags).toEqual(["NEGATIVE_DISCRIMINATION"]);
    expect(inv.pendingFeedbackCount).toBe(1);

    // Four attempts in each of the 80–90, 60–70 and 40–50 bins; two days, oldest first.
    expect(data.distribution).toHaveLength(10);
    expect(data.distribution.map((bin: { count: number }) => bin.count)).toEqual([0, 0, 0, 0, 4, 0, 4, 0, 4, 0]);
    expect(data.distribution[8]).toEqual({ from: 80, to: 90, count: 4 });
    expect(data.overTime).toEqual([
      { day: "2026-11-23", attempts: 6, averagePercentage: 60 },
      { day: "2026-11-24", attempts: 6, averagePercentage: 60 },
    ]);
  });

  it("puts 100 % in the last bin and flags a question nobody gets right as too hard", async () => {
    const { business, teacher } = tenant;
    const hard = await createQuestion(services.db, { businessId: business.id, teacherId: teacher.id, options: [["Right", true], ["Wrong A", false], ["Wrong B", false]] });
    const easy = await createQuestion(services.db, { businessId: business.id, teacherId: teacher.id, options: [["Right", true], ["Wrong", false]] });
    const { quiz } = await createQuiz(services.db, { businessId: business.id, teacherId: teacher.id, questionIds: [hard.question.id, easy.question.id] });
    for (let i = 0; i < 10; i++) {
      const student = await createUser(services.db, { businessId: business.id, userType: "Student" });
      const attempt = await createAttempt(services.db, { businessId: business.id, quizId: quiz.id, studentId: student.id, submittedAt: new Date(MONDAY), percentage: i === 0 ? 100 : 50, correctAnswered: i === 0 ? 2 : 1 });
      await services.db.insert(attemptAnswers).values([
        { attemptId: attempt.id, questionId: hard.question.id, position: 0, selectedOptionIds: [hard.options[i === 0 ? 0 : 1 + (i % 2)].id] },
        { attemptId: attempt.id, questionId: easy.question.id, position: 1, selectedOptionIds: [easy.options[0].id] },
      ]);
    }
    const { data } = (await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).body;
    expect(data.questions[0]).toMatchObject({ facility: 0.1, flags: ["TOO_HARD"] });
    expect(data.distribution[9]).toEqual({ from: 90, to: 100, count: 1 });
    expect(data.distribution[5].count).toBe(9);
  });

  it("counts the scores over time by the days of the school's zone and names it (ADR 0082 addendum): UTC only before the owner chose one", async () => {
    const { business, teacher } = tenant;
    const { quiz } = await createQuiz(services.db, { businessId: business.id, teacherId: teacher.id, questionCount: 1 });
    // 10:00 UTC Monday is 19:00 Monday in Tokyo; 20:00 UTC Monday is 05:00 Tuesday there.
    for (const [hour, percentage] of [[10, 40], [20, 80]]) {
      const student = await createUser(services.db, { businessId: business.id, userType: "Student" });
      await createAttempt(services.db, { businessId: business.id, quizId: quiz.id, studentId: student.id, submittedAt: new Date(Date.UTC(2026, 10, 23, hour)), percentage });
    }
    const overTime = async () => (await post(teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).body.data;
    expect(await overTime()).toMatchObject({ timeZone: "UTC", overTime: [{ day: "2026-11-23", attempts: 2, averagePercentage: 60 }] });
    await services.db.update(adminSettings).set({ timeZone: "Asia/Tokyo" }).where(eq(adminSettings.businessId, business.id));
    expect(await overTime()).toMatchObject({
      timeZone: "Asia/Tokyo",
      overTime: [
        { day: "2026-11-23", attempts: 1, averagePercentage: 40 },
        { day: "2026-11-24", attempts: 1, averagePercentage: 80 },
      ],
    });
  });

  it("says nothing it cannot know: no discrimination or flags below 10 attempts, nulls without attempts", async () => {
    const { business, teacher } = tenant;
    const { quiz, questionIds } = await createQuiz(services.db, { businessId: business.id, teacherId: teacher.id, questionCount: 2 });
    const empty = await post(tenant.owner, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ attempts: 0, averagePercentage: null, overTime: [] });
    expect(empty.body.data.questions).toHaveLength(2);
    expect(empty.body.data.questions[0]).toMatchObject({ questionId: questionIds[0], facility: null, discrimination: null, flags: [] });
    expect(empty.body.data.questions[0].options.every((o: { chosenCount: number }) => o.chosenCount === 0)).toBe(true);

    // Three attempts, all right on the first question: facility 1, yet too few to flag it.
    for (let i = 0; i < 3; i++) {
      const student = await createUser(services.db, { businessId: business.id, userType: "Student" });
      const attempt = await createAttempt(services.db, { businessId: business.id, quizId: quiz.id, studentId: student.id, submittedAt: new Date(MONDAY), percentage: 50, correctAnswered: 1 });
      const [first] = await services.db.query.questionOptions.findMany({ where: (o, { and, eq }) => and(eq(o.questionId, questionIds[0]), eq(o.isCorrect, true)) });
      await services.db.insert(attemptAnswers).values({ attemptId: attempt.id, questionId: questionIds[0], position: 0, selectedOptionIds: [first.id] });
    }
    const few = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(few.body.data.attempts).toBe(3);
    expect(few.body.data.questions[0]).toMatchObject({ facility: 1, discrimination: null, flags: [] });
    // Nobody answered the second question: unanswered is wrong, not missing.
    expect(few.body.data.questions[1]).toMatchObject({ facility: 0, flags: [] });
  });

  it("counts a multiple-answer question right only for exactly the correct set, as grading does", async () => {
    const { business, teacher } = tenant;
    const multi = await createQuestion(services.db, { businessId: business.id, teacherId: teacher.id, optionType: "checkbox", options: [["A", true], ["B", true], ["C", false]] });
    const { quiz } = await createQuiz(services.db, { businessId: business.id, teacherId: teacher.id, questionIds: [multi.question.id] });
    const [a, b, c] = multi.options.map((o) => o.id);
    const chosen = [[a, b], [b, a], [a], [a, b, c], [], [c], [a, b, b]];
    for (const selectedOptionIds of chosen) {
      const student = await createUser(services.db, { businessId: business.id, userType: "Student" });
      const attempt = await createAttempt(services.db, { businessId: business.id, quizId: quiz.id, studentId: student.id, submittedAt: new Date(MONDAY) });
      await services.db.insert(attemptAnswers).values({ attemptId: attempt.id, questionId: multi.question.id, position: 0, selectedOptionIds });
    }
    const answer = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    const [question] = answer.body.data.questions;
    expect(question.facility).toBeCloseTo(3 / 7, 4);
    expect(question.options.map((o: { chosenCount: number }) => o.chosenCount)).toEqual([5, 4, 2]);
  });

  it("reads answers given through the exam API (shown option ids mapped back to stored ones)", async () => {
    const { business, teacher } = tenant;
    const made = await createQuestion(services.db, { businessId: business.id, teacherId: teacher.id, options: [["Mars", true], ["Venus", false], ["Pluto", false]] });
    const { quiz } = await createQuiz(services.db, { businessId: business.id, teacherId: teacher.id, questionIds: [made.question.id] });
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(started.status).toBe(200);
    const shown = await shownIdsOf(services, started.body.takenQuizId);
    const saved = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId, answers: [{ questionId: made.question.id, answer: shown([made.options[1].id]) }] });
    expect(saved.status).toBe(200);
    const answer = await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(answer.body.data.attempts).toBe(1);
    expect(answer.body.data.questions[0].facility).toBe(0);
    expect(answer.body.data.questions[0].options.map((o: { chosenCount: number }) => o.chosenCount)).toEqual([0, 1, 0]);
  });

  it("is for the quiz's teacher and the owner only: other teachers and students 403, another business 404", async () => {
    const { quiz } = await badQuiz();
    const colleague = await createUser(services.db, { businessId: tenant.business.id, userType: "Teacher" });
    expect((await post(tenant.owner, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).status).toBe(200);
    const refused = await post(colleague, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("FORBIDDEN");
    expect(refused.body.data).toBeUndefined();
    expect((await post(tenant.student, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).status).toBe(403);
    expect((await post(tenant.student, "/takenQuiz/itemAnalysis", { quizId: 999_999 })).status).toBe(403);
    const foreign = await post(other.owner, "/takenQuiz/itemAnalysis", { quizId: quiz.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeUndefined();
    expect((await post(other.teacher, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).status).toBe(404);
    expect((await post(null, "/takenQuiz/itemAnalysis", { quizId: quiz.id })).status).toBe(401);
  });

  it("answers bad input with a clear 400 and an unknown quiz with 404", async () => {
    for (const body of [{}, { quizId: "abc" }, { quizId: -1 }, { quizId: 1.5 }, "[]", "{"]) {
      const answer = await post(tenant.teacher, "/takenQuiz/itemAnalysis", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect((await post(tenant.teacher, "/takenQuiz/itemAnalysis", { quizId: 999_999 })).status).toBe(404);
  });
});
