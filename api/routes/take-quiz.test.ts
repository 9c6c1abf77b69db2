import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createDepartment, createQuestion, createQuiz } from "../test-support/factories.node";
import { attemptAnswers, quizAttempts, users } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { ATTEMPT_MESSAGES, DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed, type Who } from "../test-support/test-bed.node";

/** decisions.md "Exam integrity": the server is the referee. */
let services: AppServices;
let tenant: Tenant;
let other: Tenant;
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  ({ services, tenant, other, post } = await createTestBed("Exam School", { now: () => new Date(clock) }));
});

/** A quiz of two radio questions (B right) and one checkbox question (A and C right). */
async function examQuiz(fields: Parameters<typeof createQuiz>[1] extends infer T ? Partial<T> : never = {}) {
  const q = (options: [string, boolean][], optionType: "radio" | "checkbox" = "radio") => createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options, optionType });
  const made = [await q([["A", false], ["B", true], ["C", false]]), await q([["A", false], ["B", true]]), await q([["A", true], ["B", false], ["C", true]], "checkbox")];
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: made.map((m) => m.question.id), ...fields });
  const right = made.map((m) => m.options.filter((o) => o.isCorrect).map((o) => o.id));
  const wrong = made.map((m) => m.options.filter((o) => !o.isCorrect).map((o) => o.id));
  return { quiz, questions: made.map((m) => m.question), right, wrong };
}

describe("startQuiz", () => {
  it("creates the attempt with the server's deadline and never says which options are correct", async () => {
    const { quiz, questions } = await examQuiz({ time: 10 });
    const res = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deadlineAt).toBe(clock + 10 * 60_000);
    expect(res.body.serverNow).toBe(clock);
    expect(res.body.questions.map((q: { id: number }) => q.id)).toEqual(questions.map((q) => q.id));
    expect(JSON.stringify(res.body)).not.toMatch(/isCorrect|optionStatus|correct/i);
    for (const question of res.body.questions) for (const option of question.options) expect(Object.keys(option).sort()).toEqual(["id", "optionText"]);
  });

  it("resumes the open attempt, with its saved answers, from any device", async () => {
    const { quiz, questions, right } = await examQuiz();
    const first = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const shown = await shownIdsOf(services, first.body.takenQuizId);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: first.body.takenQuizId, answers: [{ questionId: questions[0].id, answer: shown(right[0]) }] });
    clock += 60_000;
    const again = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(again.body.takenQuizId).toBe(first.body.takenQuizId);
    expect(again.body.deadlineAt).toBe(first.body.deadlineAt);
    expect(again.body.questions[0].options).toEqual(first.body.questions[0].options); // same order
    expect(again.body.savedAnswers).toEqual([{ questionId: questions[0].id, answer: shown(right[0]), answerStatus: "yes", final: false }]);
  });

  it("checks the password, the attempt limit, the date window, visibility and who asks", async () => {
    const locked = (await examQuiz({ password: "Open sesame", attemptsAllowed: 1 })).quiz;
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: locked.id })).body.message).toBe(ATTEMPT_MESSAGES.passwordRequired);
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: locked.id, password: "open sesame" })).body.message).toBe(ATTEMPT_MESSAGES.passwordInvalid);
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: locked.id, password: "Open sesame" });
    expect(started.status).toBe(200);
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: started.body.takenQuizId });
    const limit = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: locked.id, password: "Open sesame" });
    expect([limit.status, limit.body.message]).toEqual([409, ATTEMPT_MESSAGES.attemptLimit]);

    const seconds = clock / 1000;
    const later = (await examQuiz({ status: "DateRange", startTimestamp: seconds + 3600, endTimestamp: seconds + 7200 })).quiz;
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: later.id })).status).toBe(403);
    const draft = (await examQuiz({ status: "Draft" })).quiz;
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: draft.id })).status).toBe(404);
    const dept = await createDepartment(services.db, { businessId: tenant.business.id });
    const hidden = (await examQuiz({ departments: [dept.id] })).quiz;
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: hidden.id })).status).toBe(404);
    await services.db.update(users).set({ departmentId: dept.id }).where(eq(users.id, tenant.student.id));
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: hidden.id })).status).toBe(200);
    expect((await post(other.student, "/takeQuiz/startQuiz", { quizId: hidden.id })).status).toBe(404);
    expect((await post(tenant.teacher, "/takeQuiz/startQuiz", { quizId: hidden.id })).status).toBe(403);
    expect((await post(tenant.student, "/takeQuiz/startQuiz", { quizId: "1" })).status).toBe(400);
  });

  it("makes exactly one attempt of 50 parallel starts with one attempt left", async () => {
    const { quiz } = await examQuiz({ attemptsAllowed: 1 });
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.takenQuizId)).size).toBe(1);
    const [{ n }] = await services.db.select({ n: count() }).from(quizAttempts).where(and(eq(quizAttempts.quizId, quiz.id), eq(quizAttempts.studentId, tenant.student.id)));
    expect(n).toBe(1);
  });
});

describe("saveAnswers", () => {
  it("refuses forged answers, changing nothing", async () => {
    const { quiz, questions, right } = await examQuiz();
    const outsider = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const save = (answers: unknown) => post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers });
    expect((await save([{ questionId: outsider.question.id, answer: [outsider.options[0].id] }])).body.message).toBe(ATTEMPT_MESSAGES.questionNotInQuiz);
    expect((await save([{ questionId: questions[0].id, answer: right[1] }])).body.message).toBe(ATTEMPT_MESSAGES.optionNotInQuestion);
    expect((await save([{ questionId: questions[1].id, answer: [...right[1], ...right[1].map((id) => id - 1)] }])).status).toBe(400);
    expect((await save(Array.from({ length: 10_000 }, () => ({ questionId: questions[0].id, answer: right[0] })))).status).toBe(400);
    expect((await save("nope")).status).toBe(400);
    expect((await post(other.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [] })).status).toBe(404);
    const again = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(again.body.savedAnswers).toEqual([]);
  });

  it("is idempotent and keeps marks for review", async () => {
    const { quiz, questions, right } = await examQuiz();
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const shown = await shownIdsOf(services, body.takenQuizId);
    const answers = [{ questionId: questions[0].id, answer: shown(right[0]) }, { questionId: questions[1].id, answer: [], markedForReview: true }];
    for (let i = 0; i < 2; i++) expect((await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers })).status).toBe(200);
    const again = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(again.body.savedAnswers.map((a: { answerStatus: string }) => a.answerStatus).sort()).toEqual(["not", "yes"]);
  });

  it("refuses answers after the deadline and its grace, and grades what was saved", async () => {
    const { quiz, questions, right } = await examQuiz({ time: 1 });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const shown = await shownIdsOf(services, body.takenQuizId);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [{ questionId: questions[0].id, answer: shown(right[0]) }] });
    clock += 60_000 + DEADLINE_GRACE_MS - 1;
    expect((await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [{ questionId: questions[1].id, answer: shown(right[1]) }] })).status).toBe(200);
    clock += 2;
    const late = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [{ questionId: questions[2].id, answer: shown(right[2]) }] });
    expect([late.status, late.body.message]).toEqual([409, ATTEMPT_MESSAGES.timeUp]);
    const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, body.takenQuizId));
    expect(attempt.submittedAt).not.toBeNull();
    expect(attempt.correctAnswered).toBe(2);
    expect(attempt.timeTaken).toBe(60);
  });
});

describe("answerAll", () => {
  it("grades once with exact checkbox sets and negative marking, and answers the same result again", async () => {
    const { quiz, questions, right, wrong } = await examQuiz({ negativeMarking: true, consecutiveWrongAnswersForNegativeMarking: 1, time: -1 });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(body.deadlineAt).toBeNull();
    const shown = await shownIdsOf(services, body.takenQuizId);
    clock += 95_000;
    const answers = [
      { questionId: questions[0].id, answer: shown(right[0]) },
      { questionId: questions[1].id, answer: shown([wrong[1][0]]) },
      { questionId: questions[2].id, answer: shown([right[2][0]]) }, // one of two right options: wrong
    ];
    const first = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, quizId: quiz.id, answers, timeTaken: 1 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.takenQuizObject).toMatchObject({ correctAnswered: 1, negativePoints: 2, percentage: 0, timeTaken: 95 });
    clock += 10_000;
    const second = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, answers: [{ questionId: questions[1].id, answer: shown(right[1]) }] });
    expect(second.body).toEqual(first.body);
    expect((await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [] })).status).toBe(409);
    expect((await post(other.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId })).status).toBe(404);
  });

  it("rewrites only what autosave has not stored as sent, and still refuses a forged answer", async () => {
    const { quiz, questions, right } = await examQuiz();
    const outsider = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const shown = await shownIdsOf(services, body.takenQuizId);
    const saved = [{ questionId: questions[0].id, answer: shown(right[0]) }, { questionId: questions[1].id, answer: [], markedForReview: true }];
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: saved });
    const savedAt = clock;
    clock += 60_000;
    const forged = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, answers: [...saved, { questionId: outsider.question.id, answer: [outsider.options[0].id] }] });
    expect([forged.status, forged.body.message]).toEqual([400, ATTEMPT_MESSAGES.questionNotInQuiz]);
    const submit = [
      { questionId: questions[1].id, answer: shown(right[1]) }, // superseded by the last answer to it, which is as stored
      ...saved,
      { questionId: questions[2].id, answer: shown([...right[2]].reverse()) }, // new
    ];
    const graded = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, answers: submit });
    expect(graded.body.data.takenQuizObject.correctAnswered).toBe(2);
    const rows = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, body.takenQuizId));
    const byQuestion = new Map(rows.map((row) => [row.questionId, row]));
    expect(byQuestion.get(questions[0].id)?.savedAt.getTime()).toBe(savedAt);
    expect([byQuestion.get(questions[1].id)?.answerStatus, byQuestion.get(questions[1].id)?.savedAt.getTime()]).toEqual(["not", savedAt]);
    expect([byQuestion.get(questions[2].id)?.selectedOptionIds, byQuestion.get(questions[2].id)?.savedAt.getTime()]).toEqual([[...right[2]].sort((a, b) => a - b), clock]);
  });

  it("refuses a quizId that is not the attempt's quiz, grading nothing: 400 ATTEMPT_OF_ANOTHER_QUIZ for another quiz of the business, 404 for one it has not", async () => {
    const { quiz, questions, right } = await examQuiz();
    const { quiz: another } = await examQuiz();
    const foreign = await createQuestion(services.db, { businessId: other.business.id, teacherId: other.teacher.id });
    const { quiz: othersQuiz } = await createQuiz(services.db, { businessId: other.business.id, teacherId: other.teacher.id, questionIds: [foreign.question.id] });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const shown = await shownIdsOf(services, body.takenQuizId);
    const answers = questions.map((q, i) => ({ questionId: q.id, answer: shown(right[i]) }));

    const mismatched = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, quizId: another.id, answers });
    expect([mismatched.status, mismatched.body.code, mismatched.body.errors]).toEqual([400, "ATTEMPT_OF_ANOTHER_QUIZ", { quizId: ATTEMPT_MESSAGES.quizNotOfAttempt }]);
    // Another business's quiz answers as a quiz that never was: nothing tells it exists.
    for (const quizId of [othersQuiz.id, 987654]) {
      const unknown = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, quizId, answers });
      expect([unknown.status, unknown.body.code, unknown.body.message]).toEqual([404, "NOT_FOUND", "The requested quiz is not found"]);
    }
    const [attempt] = await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, body.takenQuizId));
    expect(attempt.submittedAt).toBeNull();
    const [{ saved }] = await services.db.select({ saved: count() }).from(attemptAnswers).where(eq(attemptAnswers.attemptId, body.takenQuizId));
    expect(saved).toBe(0);
    // The attempt's own quiz, or none (the field is optional), grades as before.
    const graded = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, quizId: quiz.id, answers });
    expect([graded.status, graded.body.data?.takenQuizObject.percentage]).toEqual([200, 100]);
    // Submitted since: the repeated call with the wrong quiz is still refused, not answered with the result.
    expect((await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, quizId: another.id })).status).toBe(400);
  });

  it("grades parallel submits once", async () => {
    const { quiz, questions, right } = await examQuiz();
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const shown = await shownIdsOf(services, body.takenQuizId);
    const answers = questions.map((q, i) => ({ questionId: q.id, answer: shown(right[i]) }));
    const all = await Promise.all(Array.from({ length: 10 }, () => post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId, answers })));
    expect(new Set(all.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(all[0].body.data.takenQuizObject.percentage).toBe(100);
  });
});

describe("answerOne", () => {
  it("checks one answer in a one-by-one exam, once, with the explanation when answers are shown", async () => {
    const { quiz, questions, right, wrong } = await examQuiz();
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id, examMode: "onebyone" });
    expect(body.examMode).toBe("onebyone");
    const shown = await shownIdsOf(services, body.takenQuizId);
    const check = (questionIndex: number, answer: number[]) => post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: body.takenQuizId, questionId: questions[questionIndex].id, optionType: "radio", answer: shown(answer) });
    const ok = await check(0, right[0]);
    expect(ok.body).toMatchObject({ answerStatus: "yes", correctOptionIds: shown(right[0]) });
    expect(typeof ok.body.answerExplaination).toBe("string");
    expect((await check(1, [wrong[1][0]])).body.answerStatus).toBe("no");
    // Final: neither a second check nor an autosave changes it.
    expect((await check(1, right[1])).status).toBe(409);
    // An autosave that still carries it (sent before the Check, or resent) is ignored for that question.
    expect((await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [{ questionId: questions[1].id, answer: shown(right[1]) }] })).status).toBe(200);
    expect((await check(2, [])).status).toBe(400);
    // A refusal names answerOne's own fields (not saveAnswers' list: answers.0.questionId).
    const outsider = await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id });
    const offPaper = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: body.takenQuizId, questionId: outsider.question.id, answer: [outsider.options[0].id] });
    expect([offPaper.status, offPaper.body.errors]).toEqual([400, { questionId: ATTEMPT_MESSAGES.questionNotInQuiz }]);
    const foreignOption = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: body.takenQuizId, questionId: questions[2].id, answer: [outsider.options[0].id] });
    expect([foreignOption.status, foreignOption.body.errors]).toEqual([400, { answer: ATTEMPT_MESSAGES.optionNotInQuestion }]);
    const graded = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId });
    expect(graded.body.data.takenQuizObject.correctAnswered).toBe(1);
  });

  // Issue 18: a resumed one-by-one exam must tell a checked (final) answer from one only
  // autosaved: both are stored "yes", and the page used to show the autosaved one as "Right!".
  it("tells on resume which answers a Check made final (with their verdict) and which are only saved", async () => {
    const { quiz, questions, wrong } = await examQuiz();
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id, examMode: "onebyone" });
    const shown = await shownIdsOf(services, body.takenQuizId);
    await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: body.takenQuizId, questionId: questions[0].id, optionType: "radio", answer: shown([wrong[0][0]]) });
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: body.takenQuizId, answers: [{ questionId: questions[1].id, answer: shown([wrong[1][0]]) }] });
    const again = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const byQuestion = Object.fromEntries(again.body.savedAnswers.map((a: { questionId: number }) => [a.questionId, a]));
    expect(byQuestion[questions[0].id]).toEqual({ questionId: questions[0].id, answer: shown([wrong[0][0]]), answerStatus: "no", final: true });
    // Only saved: not final, and nothing in it says whether it is right (it is wrong).
    expect(byQuestion[questions[1].id]).toEqual({ questionId: questions[1].id, answer: shown([wrong[1][0]]), answerStatus: "yes", final: false });
  });

  it("says nothing about correctness in an all-at-once exam, and without showAnswer there is only all-at-once", async () => {
    const { quiz, questions, right } = await examQuiz({ showAnswer: false });
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id, examMode: "onebyone" });
    expect(body.examMode).toBe("all");
    const res = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId: body.takenQuizId, questionId: questions[0].id, answer: right[0] });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).not.toMatch(/yes|correct/i);
  });
});

describe("rateQuiz", () => {
  it("takes 1 to 5 stars from a student who finished the quiz; again replaces it", async () => {
    const { quiz } = await examQuiz();
    const rate = (rating: unknown, who: Who = tenant.student) => post(who, "/takeQuiz/rateQuiz", { quizId: quiz.id, rating });
    expect((await rate(4)).status).toBe(409); // not taken yet
    const { body } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect((await rate(4)).status).toBe(409); // not finished
    await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: body.takenQuizId });
    for (const bad of [0, 6, 2.5, "5", null]) expect((await rate(bad)).status).toBe(400);
    expect((await rate(4)).body.rating).toBe(4);
    expect((await rate(2)).status).toBe(200);
    const [attempt] = await services.db.select({ rating: quizAttempts.rating }).from(quizAttempts).where(eq(quizAttempts.id, body.takenQuizId));
    expect(attempt.rating).toBe(2);
    expect((await rate(5, other.student)).status).toBe(404); // another business's quiz: 404, as every id of another business (issue 25 point 11)
    expect((await rate(5, tenant.teacher)).status).toBe(403);
  });
});
