import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createQuestion, createQuiz } from "../test-support/factories.node";
import { attemptAnswers } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { ATTEMPT_MESSAGES, DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/** Spec 4 per-question timing, enforced on the server (api/services/attempts/question-window.ts). */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  ({ services, tenant, post } = await createTestBed("Timing School", { now: () => new Date(clock) }));
});

/** Three radio questions, one minute each; option B is right. */
async function perQuestionQuiz(quizTimeType: "Question" | "Quiz" = "Question", showAnswer = true) {
  const made = await Promise.all(
    [1, 2, 3].map(() => createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", false], ["B", true]] })),
  );
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: made.map((m) => m.question.id), time: 1, quizTimeType, showAnswer });
  return { quiz, ids: made.map((m) => m.question.id), right: made.map((m) => m.options.find((o) => o.isCorrect)!.id) };
}

const savedIds = async (attemptId: number) =>
  (await services.db.select({ id: attemptAnswers.questionId }).from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId))).map((r) => r.id).sort((a, b) => a - b);

describe("a quiz timed per question", () => {
  it("tells each question's seconds and closes question n at its place in the schedule", async () => {
    const { quiz, ids, right } = await perQuestionQuiz();
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect([started.body.questionTime, started.body.deadlineAt]).toEqual([60, clock + 180_000]);
    const takenQuizId = started.body.takenQuizId;
    const shown = await shownIdsOf(services, takenQuizId);

    clock += 60_000 + DEADLINE_GRACE_MS + 1;
    const late = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId, answers: [{ questionId: ids[0], answer: shown([right[0]]) }] });
    expect([late.status, late.body.saved]).toEqual([200, 0]);
    const second = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId, answers: [{ questionId: ids[1], answer: shown([right[1]]) }] });
    expect(second.body.saved).toBe(1);
    expect(await savedIds(takenQuizId)).toEqual([ids[1]]);
  });

  it("has no going back: once a later question holds an answer, earlier ones are closed", async () => {
    const { quiz, ids, right } = await perQuestionQuiz();
    const takenQuizId = (await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id })).body.takenQuizId;
    const shown = await shownIdsOf(services, takenQuizId);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId, answers: [{ questionId: ids[2], answer: shown([right[2]]) }] });
    const back = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId, answers: [{ questionId: ids[0], answer: shown([right[0]]) }, { questionId: ids[1], answer: shown([right[1]]) }] });
    expect(back.body.saved).toBe(0);
    expect(await savedIds(takenQuizId)).toEqual([ids[2]]);
  });

  it("refuses a one-by-one Check of a closed question with a clear 409", async () => {
    const { quiz, ids, right } = await perQuestionQuiz();
    const takenQuizId = (await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id, examMode: "onebyone" })).body.takenQuizId;
    const shown = await shownIdsOf(services, takenQuizId);
    clock += 60_000 + DEADLINE_GRACE_MS + 1;
    const check = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId, questionId: ids[0], optionType: "radio", answer: shown([right[0]]) });
    expect([check.status, check.body.code, check.body.message]).toEqual([409, "QUESTION_CLOSED", ATTEMPT_MESSAGES.questionClosed]);
    const open = await post(tenant.student, "/takeQuiz/answerOne", { takenQuizId, questionId: ids[1], optionType: "radio", answer: shown([right[1]]) });
    expect([open.status, open.body.answerStatus]).toEqual([200, "yes"]);
  });

  it("leaves a quiz timed as a whole free to move between questions", async () => {
    const { quiz, ids, right } = await perQuestionQuiz("Quiz");
    const started = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    expect(started.body.questionTime).toBeNull();
    const takenQuizId = started.body.takenQuizId;
    const shown = await shownIdsOf(services, takenQuizId);
    await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId, answers: [{ questionId: ids[2], answer: shown([right[2]]) }] });
    clock += 50_000;
    const back = await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId, answers: [{ questionId: ids[0], answer: shown([right[0]]) }] });
    expect(back.body.saved).toBe(1);
  });
});
