import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { attemptAnswers, quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { createQuestion, createQuiz, createTypedQuestion, createUser } from "../../test-support/factories.node";
import { createOneOfEachType } from "../../test-support/one-of-each-type.node";
import { answerTo, fractionOf, MIXED_QUESTIONS, NEW_TYPES, type NewType, type PaperQuestion, type Verdict } from "../../../tests/mixed-paper";
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
    // The close writes the statuses (the fractions the autosave wrote are already right, ADR 0093).
    await services.db.run(sql.raw(`create trigger refuse_markings before update of answer_status, fraction_e7 on attempt_answers begin select raise(abort, 'markings refused'); end`));

    await expect(closeAttempt(services, attempt)).rejects.toThrow(/markings refused/);
    // No half state: not closed, and nothing marked (the row as the autosave left it: its copy of the fraction, status "yes").
    expect((await attemptRow(attempt.id)).submittedAt).toBeNull();
    const unmarked = await shortRow(attempt.id, shortId);
    expect([unmarked.fractionE7, unmarked.answerStatus]).toEqual([5_000_000, "yes"]);

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

/**
 * ADR 0093: the autosave writes each typed answer's fraction by the same engine, so the close of a
 * mixed paper finds its markings' fractions in place and writes only statuses, which no index
 * holds: it moves no entry of the item-analysis index (question, choice, fraction, attempt), the
 * cost that made the mixed paper's submit slower than multiple choice's (docs/performance.md).
 * A trigger on the index's columns logs every row whose key an update could move.
 */
describe("the close of a paper of every type", () => {
  const KEYED = NEW_TYPES.filter((type) => type !== "trueFalse");
  const VERDICTS: Verdict[] = ["right", "partial", "wrong"];

  async function paperOfEveryType() {
    const who = { businessId: tenant.business.id, teacherId: tenant.teacher.id };
    const keys = Object.fromEntries(KEYED.map((type) => [type, MIXED_QUESTIONS[type].answerKey])) as Record<Exclude<NewType, "trueFalse">, unknown>;
    const marks = Object.fromEntries(KEYED.map((type) => [type, 1])) as Record<Exclude<NewType, "trueFalse">, number>;
    const made = await createOneOfEachType(services.db, who, { keys, marks, clozeText: MIXED_QUESTIONS.cloze.questionText });
    const radio = await createQuestion(services.db, { ...who, options: [["Right", true], ["Wrong", false]] });
    const { quiz } = await createQuiz(services.db, { ...who, questionIds: [...KEYED.map((type) => made[type].question.id), radio.question.id] });
    return { quiz, idOf: (type: Exclude<NewType, "trueFalse">) => made[type].question.id };
  }

  /** One student answers every type with `verdict` (saved first as another verdict, so the autosave's copy was rewritten once) and is closed. */
  async function closedWith(quizId: number, idOf: (type: Exclude<NewType, "trueFalse">) => number, verdict: Verdict) {
    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const { body: paper } = await post(student, "/takeQuiz/startQuiz", { quizId });
    const answersAs = (said: Verdict) =>
      KEYED.map((type) => ({ questionId: idOf(type), answer: answerTo(type, paper.questions.find((q: PaperQuestion) => q.id === idOf(type)), said) }));
    for (const said of [VERDICTS[(VERDICTS.indexOf(verdict) + 1) % 3], verdict]) {
      const saved = await post(student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers: answersAs(said) });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    // The copy of each fraction on the rows reaches no student: a resume shows the answers as saved, statuses as the exam's.
    const resumed = await post(student, "/takeQuiz/startQuiz", { quizId });
    expect(resumed.body.takenQuizId).toBe(paper.takenQuizId);
    expect(JSON.stringify(resumed.body)).not.toMatch(/fraction/i);
    expect(resumed.body.savedAnswers.map((saved: { answerStatus: string }) => saved.answerStatus)).toEqual(KEYED.map(() => "yes"));
    await services.db.run(sql`delete from moved_index_keys`);
    await closeAttempt(services, { id: paper.takenQuizId, quizId });
    return paper.takenQuizId as number;
  }

  it("finds every fraction the autosave wrote equal to its own and moves no entry of the item-analysis index", async () => {
    const { quiz, idOf } = await paperOfEveryType();
    await services.db.run(sql.raw(`create table moved_index_keys (row_id integer)`));
    await services.db.run(
      sql.raw(`create trigger log_moved_index_keys after update of question_id, selected_option_ids, fraction_e7, attempt_id on attempt_answers begin insert into moved_index_keys values (new.id); end`),
    );
    for (const verdict of VERDICTS) {
      const attemptId = await closedWith(quiz.id, idOf, verdict);
      expect(await services.db.all(sql`select row_id from moved_index_keys`), verdict).toEqual([]);
      const rows = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, attemptId));
      for (const type of KEYED) {
        const row = rows.find((candidate) => candidate.questionId === idOf(type))!;
        const fraction = fractionOf(type, verdict);
        const status = fraction === null ? "pending" : fraction === 1 ? "yes" : fraction === 0 ? "no" : "partial";
        expect([type, row.fractionE7, row.answerStatus]).toEqual([type, fraction === null ? null : Math.round(fraction * 1e7), status]);
      }
    }
  });

  it("writes its own fraction where the row's differs (a row saved before the autosave kept one), and only there", async () => {
    const { quiz, idOf } = await paperOfEveryType();
    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const { body: paper } = await post(student, "/takeQuiz/startQuiz", { quizId: quiz.id });
    const answers = KEYED.map((type) => ({ questionId: idOf(type), answer: answerTo(type, paper.questions.find((q: PaperQuestion) => q.id === idOf(type)), "partial") }));
    expect((await post(student, "/takeQuiz/saveAnswers", { takenQuizId: paper.takenQuizId, answers })).status).toBe(200);
    // As an attempt open at the upgrade: no fraction on its rows; and one stale copy (a key changed since the save).
    await services.db.update(attemptAnswers).set({ fractionE7: null }).where(eq(attemptAnswers.attemptId, paper.takenQuizId));
    await services.db.update(attemptAnswers).set({ fractionE7: 1 }).where(and(eq(attemptAnswers.attemptId, paper.takenQuizId), eq(attemptAnswers.questionId, idOf("shortAnswer"))));
    await closeAttempt(services, { id: paper.takenQuizId, quizId: quiz.id });
    const rows = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, paper.takenQuizId));
    for (const type of KEYED) {
      const fraction = fractionOf(type, "partial");
      expect([type, rows.find((row) => row.questionId === idOf(type))!.fractionE7]).toEqual([type, fraction === null ? null : Math.round(fraction * 1e7)]);
    }
  });
});
