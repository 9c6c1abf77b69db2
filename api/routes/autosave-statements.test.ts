import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { quizzes } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { createCountingDb, type CountingDb } from "../test-support/counting-db.node";
import { createQuestion, createQuiz, createTenant } from "../test-support/factories.node";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { bearer, createTestApi, createTestServices } from "../test-support/test-app.node";

/**
 * Autosave and the one-by-one Check learn whether their quiz is timed per question from one
 * place only, the attempt's row (deadline.ts AttemptToAnswer: a lookup beside it, as the quiz
 * says now), never from a statement of their own: their statement counts are pinned here, and
 * a quiz switched to per-question timing after the start is obeyed by the next save.
 */
let counting: CountingDb;
let services: AppServices;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  counting = await createCountingDb();
  services = await createTestServices({ db: counting.db, now: () => new Date(clock) });
});

/** A student's started attempt at a three-question quiz (B right), and how to send as that student. */
async function startedExam(examMode: "all" | "onebyone" = "all") {
  const school = await createTenant(services.db, "Count School");
  const made = await Promise.all([1, 2, 3].map(() => createQuestion(services.db, { businessId: school.business.id, teacherId: school.teacher.id, options: [["A", false], ["B", true]] })));
  const { quiz } = await createQuiz(services.db, { businessId: school.business.id, teacherId: school.teacher.id, questionIds: made.map((m) => m.question.id), time: 1, showAnswer: true });
  const app = createTestApi(services);
  const headers = { "content-type": "application/json", ...(await bearer(services, school.student)) };
  const post = async (path: string, body: unknown) => {
    const res = await app.request(path, { method: "POST", headers, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const started = await post("/takeQuiz/startQuiz", { quizId: quiz.id, examMode });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const takenQuizId = started.body.takenQuizId as number;
  const shown = await shownIdsOf(services, takenQuizId);
  const answer = (index: number) => ({ questionId: made[index].question.id, answer: shown([made[index].options[1].id]) });
  /** The statements one request runs. */
  const cost = async (path: string, body: unknown) => {
    counting.reset();
    const res = await post(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { statements: counting.statements(), body: res.body };
  };
  return { quiz, takenQuizId, answer, post, cost };
}

const perQuestion = (quizId: number) => services.db.update(quizzes).set({ quizTimeType: "Question" }).where(eq(quizzes.id, quizId));

/** The session, the attempt with its quiz's end and timing, and the write (the version bump and one upsert). */
const AUTOSAVE_STATEMENTS = 4;
/** A Check (answerOne) read the quiz's settings for nothing besides: 7 before, now 6. */
const CHECK_STATEMENTS = 6;
/**
 * A submit bringing only what autosave stored: the session, the caller's attempt with its
 * stored answers (one read: the ownership check and the snapshot were two), then the close and
 * the LMS grade outbox's statement in one batch (issue 29, ADR 0089: it finds no LTI link of the
 * quiz by the links' quiz index and writes nothing). Three round trips: the outbox's look-up was
 * a fourth after the close before it joined the close's batch.
 */
const SUBMIT_STATEMENTS = 4;
const SUBMIT_ROUND_TRIPS = 3;
/**
 * The review other modules read after a submit (issue 25 point 8), once the quiz's questions are
 * kept: the session, then the student's attempts at the quiz with the named one's result row
 * (one read: the attempts and the result row were two).
 */
const REVIEW_STATEMENTS = 2;

describe("autosave's, Check's, submit's and the review's statements", () => {
  it("an autosave of a quiz timed as a whole runs four: the session, the attempt with its quiz's timing, the write's two", async () => {
    const { takenQuizId, answer, cost } = await startedExam();
    // The first save keeps the quiz's key (read once per quiz, answer-key.ts); the rest never read it.
    await cost("/takeQuiz/saveAnswers", { takenQuizId, answers: [answer(0)] });
    const { statements, body } = await cost("/takeQuiz/saveAnswers", { takenQuizId, answers: [answer(1)] });
    expect(body.saved).toBe(1);
    expect(statements).toBe(AUTOSAVE_STATEMENTS);
  });

  it("a one-by-one Check costs no read of the quiz's settings", async () => {
    const { takenQuizId, answer, cost } = await startedExam("onebyone");
    await cost("/takeQuiz/saveAnswers", { takenQuizId, answers: [answer(0)] });
    const { statements, body } = await cost("/takeQuiz/answerOne", { takenQuizId, ...answer(1), optionType: "radio" });
    expect(body.answerStatus).toBe("yes");
    expect(statements).toBe(CHECK_STATEMENTS);
  });

  it("a submit of answers autosave already stored reads its attempt once, and queues the LMS grade in the close's own round trip", async () => {
    const { quiz, takenQuizId, answer, cost } = await startedExam();
    await cost("/takeQuiz/saveAnswers", { takenQuizId, answers: [answer(0), answer(1)] });
    const { statements, body } = await cost("/takeQuiz/answerAll", { takenQuizId, quizId: quiz.id, answers: [answer(0), answer(1)] });
    expect((body.data as { takenQuizObject: { correctAnswered: number } }).takenQuizObject.correctAnswered).toBe(2);
    expect(statements).toBe(SUBMIT_STATEMENTS);
    expect(counting.roundTrips()).toBe(SUBMIT_ROUND_TRIPS);
  });

  it("a review through fetchById of a finished attempt reads its attempts and its result row in one statement", async () => {
    const { quiz, takenQuizId, answer, post, cost } = await startedExam();
    await cost("/takeQuiz/answerAll", { takenQuizId, quizId: quiz.id, answers: [answer(0), answer(1)] });
    // The first review keeps the quiz's questions (result-questions.ts); the next ones never read them.
    expect((await post("/takenQuiz/fetchById", { takenQuizId })).status).toBe(200);
    const { statements, body } = await cost("/takenQuiz/fetchById", { takenQuizId });
    expect([body.correctAnswered, (body.takenQuizAnswers as unknown[]).length]).toEqual([2, 3]);
    expect(statements).toBe(REVIEW_STATEMENTS);
  });

  it("reads the timing as the quiz says now: switched to per question after the start, the next save keeps a closed question closed", async () => {
    const { quiz, takenQuizId, answer, cost } = await startedExam();
    await cost("/takeQuiz/saveAnswers", { takenQuizId, answers: [answer(0)] });
    await perQuestion(quiz.id);
    // The first of three questions of a one-minute attempt closed after its third of it.
    clock += 20_000 + DEADLINE_GRACE_MS + 1;
    const { body } = await cost("/takeQuiz/saveAnswers", { takenQuizId, answers: [answer(0), answer(1)] });
    expect(body.saved).toBe(1);
  });
});
