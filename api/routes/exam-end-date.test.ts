import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createQuestion, createQuiz, createUser } from "../test-support/factories.node";
import { attemptAnswers, quizAttempts, quizzes } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { closeExpiredAttempts } from "../services/attempts/close-expired";
import { ATTEMPT_MESSAGES, DEADLINE_GRACE_MS } from "../services/attempts/schemas";
import { writeAnswers } from "../services/attempts/save-answers";
import { loadOwnAttempt } from "../services/attempts/own-attempt";
import { callerOf } from "../test-support/test-app.node";
import { shownIdsOf } from "../test-support/shown-ids.node";
import { createTestBed, type Tenant, type TestBed } from "../test-support/test-bed.node";

/** Issue 14 point 4 (ADR 0031): a DateRange quiz's end date ends its attempts. */
let services: AppServices;
let tenant: Tenant;
let post: TestBed["post"];
let clock: number;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);

beforeEach(async () => {
  clock = START;
  ({ services, tenant, post } = await createTestBed("End Date School", { now: () => new Date(clock) }));
});

/** A DateRange quiz opened an hour ago that ends `endsInMinutes` from now; two radio questions, B right. */
async function dateRangeQuiz(endsInMinutes: number, time: number) {
  const made = [];
  for (let i = 0; i < 2; i++) made.push(await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", false], ["B", true]] }));
  const { quiz } = await createQuiz(services.db, {
    businessId: tenant.business.id,
    teacherId: tenant.teacher.id,
    questionIds: made.map((m) => m.question.id),
    status: "DateRange",
    startTimestamp: START / 1000 - 3600,
    endTimestamp: START / 1000 + endsInMinutes * 60,
    time,
  });
  return { quiz, questions: made.map((m) => m.question), right: made.map((m) => [m.options[1].id]) };
}

async function start(quizId: number, who = tenant.student) {
  const res = await post(who, "/takeQuiz/startQuiz", { quizId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { exam: res.body, shown: await shownIdsOf(services, res.body.takenQuizId) };
}

const attemptRow = async (id: number) => (await services.db.select().from(quizAttempts).where(eq(quizAttempts.id, id)))[0];

describe("an attempt of a DateRange quiz", () => {
  it("ends at the quiz's end date when that comes before its time limit: the clock shows it, and saves and submits after it are refused", async () => {
    const { quiz, questions, right } = await dateRangeQuiz(10, 60);
    const { exam, shown } = await start(quiz.id);
    const endsAt = START + 10 * 60_000;
    expect(exam.deadlineAt).toBe(endsAt);

    const save = (i: number) => post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: exam.takenQuizId, answers: [{ questionId: questions[i].id, answer: shown(right[i]) }] });
    // Allowed: before the end date, and within the same 30 s of network grace after it.
    clock = endsAt - 60_000;
    expect((await save(0)).body).toMatchObject({ saved: 1, deadlineAt: endsAt });
    clock = endsAt + DEADLINE_GRACE_MS;
    expect((await save(0)).status).toBe(200);

    // The attack: the attempt opened before the end date keeps answering after it.
    clock = endsAt + DEADLINE_GRACE_MS + 1;
    const late = await save(1);
    expect([late.status, late.body.message]).toEqual([409, ATTEMPT_MESSAGES.timeUp]);
    const submit = await post(tenant.student, "/takeQuiz/answerAll", { takenQuizId: exam.takenQuizId, answers: questions.map((q, i) => ({ questionId: q.id, answer: shown(right[i]) })) });
    expect(submit.status).toBe(200);
    // Graded on what was saved by the end date; the late answer is not in it.
    expect(submit.body.data.takenQuizObject).toMatchObject({ correctAnswered: 1, percentage: 50, timeTaken: 10 * 60 });
    const saved = await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, exam.takenQuizId));
    expect(saved.map((row) => row.questionId)).toEqual([questions[0].id]);
  });

  it("keeps its own time limit when that comes first", async () => {
    const { quiz } = await dateRangeQuiz(120, 30);
    const { exam } = await start(quiz.id);
    expect(exam.deadlineAt).toBe(START + 30 * 60_000);
  });

  it("without a time limit (-1) closes at the end date: the sweep grades what was saved", async () => {
    const { quiz, questions, right } = await dateRangeQuiz(45, -1);
    const { exam, shown } = await start(quiz.id);
    const endsAt = START + 45 * 60_000;
    expect(exam.deadlineAt).toBe(endsAt);
    clock += 20 * 60_000;
    expect((await post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: exam.takenQuizId, answers: [{ questionId: questions[1].id, answer: shown(right[1]) }] })).status).toBe(200);

    // Within the grace nothing is swept; after it the abandoned attempt is graded.
    clock = endsAt + DEADLINE_GRACE_MS;
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 0, failed: 0 });
    clock = endsAt + DEADLINE_GRACE_MS + 60_000;
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 1, failed: 0 });
    const row = await attemptRow(exam.takenQuizId);
    expect(row.submittedAt?.getTime()).toBe(clock);
    expect(row).toMatchObject({ correctAnswered: 1, percentage: 50, timeTaken: 45 * 60 });
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 0, failed: 0 });
  });

  it("follows the quiz's end date as the teacher moves it, never past the attempt's own time limit", async () => {
    const { quiz, questions, right } = await dateRangeQuiz(60, 40);
    const { exam, shown } = await start(quiz.id);
    expect(exam.deadlineAt).toBe(START + 40 * 60_000);
    const save = () => post(tenant.student, "/takeQuiz/saveAnswers", { takenQuizId: exam.takenQuizId, answers: [{ questionId: questions[0].id, answer: shown(right[0]) }] });
    const moveEnd = (minutes: number) => services.db.update(quizzes).set({ endTimestamp: START / 1000 + minutes * 60 }).where(eq(quizzes.id, quiz.id));

    await moveEnd(15); // earlier: the next save tells the browser's clock
    expect((await save()).body.deadlineAt).toBe(START + 15 * 60_000);
    await moveEnd(90); // later than the time limit: the time limit holds
    expect((await save()).body.deadlineAt).toBe(START + 40 * 60_000);
    await services.db.update(quizzes).set({ status: "Published" }).where(eq(quizzes.id, quiz.id));
    expect((await save()).body.deadlineAt).toBe(START + 40 * 60_000);
  });

  it("a save that raced the end date fails as a whole inside its write", async () => {
    const { quiz, questions } = await dateRangeQuiz(10, -1);
    const { exam } = await start(quiz.id);
    const row = { questionId: questions[0].id, position: 0, selectedOptionIds: [], answerStatus: "not" as const };
    // Checked before the end, written after it and its grace (the attempt has no time limit of its own).
    const caller = callerOf(tenant.student);
    const attempt = await loadOwnAttempt(services, caller, exam.takenQuizId);
    await expect(writeAnswers(services, caller, attempt, [row], new Date(START + 10 * 60_000 + DEADLINE_GRACE_MS + 1))).rejects.toMatchObject({ status: 409, code: "DEADLINE_PASSED" });
    expect(await services.db.select().from(attemptAnswers).where(eq(attemptAnswers.attemptId, exam.takenQuizId))).toEqual([]);
    await writeAnswers(services, caller, attempt, [row], new Date(START + 10 * 60_000 + DEADLINE_GRACE_MS));
  });

  it("of an ended quiz is graded when its student opens their results, however long ago it ended", async () => {
    const { quiz, questions, right } = await dateRangeQuiz(10, -1);
    const student = await createUser(services.db, { businessId: tenant.business.id, userType: "Student" });
    const { exam, shown } = await start(quiz.id, student);
    await post(student, "/takeQuiz/saveAnswers", { takenQuizId: exam.takenQuizId, answers: [{ questionId: questions[0].id, answer: shown(right[0]) }] });
    clock = START + 30 * 24 * 60 * 60_000; // the server was down for a month: past the runtime sweep's window
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 0, failed: 0 });
    const res = await post(student, "/takenQuiz/fetchById", { takenQuizId: exam.takenQuizId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ correctAnswered: 1, timeTaken: 10 * 60 });
  });
});
