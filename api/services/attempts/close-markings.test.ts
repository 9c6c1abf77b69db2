import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { attemptAnswers, quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { createQuestion, createQuiz, createTypedQuestion } from "../../test-support/factories.node";
import { createTestBed, type Tenant, type TestBed } from "../../test-support/test-bed.node";
import { closeAttempt } from "./close-attempt";

/**
 * The close and the markings it stores are one transaction (ADR 0072): a closed attempt of a
 * paper with the new types always has each answered question's fraction and status, whatever
 * fails in between. Real services over a migrated libSQL file; the failure is a trigger that
 * refuses the markings' write, standing in for a process stopped between two statements.
 */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];

beforeEach(async () => {
  ({ services, tenant, post } = await createTestBed("Markings School"));
});

/** A short answer (Paris full, Lyon half) and a radio question, started and answered, not yet closed. */
async function answeredAttempt() {
  const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
  const short = await createTypedQuestion(services.db, { ...who, optionType: "shortAnswer", answerKey: { answers: [{ text: "Paris", credit: 100 }, { text: "Lyon", credit: 50 }], caseSensitive: false } });
  const radio = await createQuestion(services.db, { ...who, options: [["Right", true], ["Wrong", false]] });
  const { quiz } = await createQuiz(services.db, { ...who, questionIds: [short.question.id, radio.question.id] });
  const { body: paper } = await post(tenant.student, "/takeQuiz/startQuiz", { quizId: quiz.id });
  const right = (paper.questions.find((q: { id: number }) => q.id === radio.question.id).options as { id: number; optionText: string }[]).find((o) => o.optionText === "Right")!.id;
  const saved = await post(tenant.student, "/takeQuiz/saveAnswers", {
    takenQuizId: paper.takenQuizId,
    answers: [
      { questionId: short.question.id, answer: { text: "lyon" } },
      { questionId: radio.question.id, answer: [right] },
    ],
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { attempt: { id: paper.takenQuizId as number, quizId: quiz.id }, shortId: short.question.id };
}

const attemptRow = async (id: number) => (await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, id)))[0];
const shortRow = async (id: number, questionId: number) => (await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, id))).find((row) => row.questionId === questionId)!;

describe("closing an attempt of a paper with the new types", () => {
  it("stores the close and the markings together: when the markings cannot be written the attempt stays open, and the next close stores both", async () => {
    const { attempt, shortId } = await answeredAttempt();
    await services.db.run(sql.raw(`create trigger refuse_markings before update of fraction_e7 on attempt_answers begin select raise(abort, 'markings refused'); end`));

    await expect(closeAttempt(services, attempt)).rejects.toThrow(/markings refused/);
    // No half state: not closed, and nothing marked.
    expect((await attemptRow(attempt.id)).submittedAt).toBeNull();
    expect((await shortRow(attempt.id, shortId)).fractionE7).toBeNull();

    await services.db.run(sql.raw(`drop trigger refuse_markings`));
    const closed = await closeAttempt(services, attempt);
    expect(closed.submittedAt).toBeInstanceOf(Date);
    const row = await attemptRow(attempt.id);
    expect(row.submittedAt?.getTime()).toBe(closed.submittedAt?.getTime());
    // Lyon earns half of the short answer's mark, the radio answer all of its: 1.5 of 2.
    expect([row.scoreE7, row.percentage, row.correctAnswered, closed.scoreE7, closed.percentage]).toEqual([15_000_000, 75, 1, 15_000_000, 75]);
    const marked = await shortRow(attempt.id, shortId);
    expect([marked.fractionE7, marked.answerStatus]).toEqual([5_000_000, "partial"]);
  });

  it("writes no markings when its compare-and-set lost: a second close returns the first one's result and changes nothing", async () => {
    const { attempt, shortId } = await answeredAttempt();
    const first = await closeAttempt(services, attempt);
    await services.db.update(attemptAnswers).set({ fractionE7: 1 }).where(eq(attemptAnswers.questionId, shortId));
    const second = await closeAttempt(services, attempt);
    expect(second.submittedAt?.getTime()).toBe(first.submittedAt?.getTime());
    expect((await shortRow(attempt.id, shortId)).fractionE7).toBe(1);
  });
});
