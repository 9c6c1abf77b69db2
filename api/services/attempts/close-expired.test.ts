import { inArray, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createQuestion, createQuiz, createTenant, createUser } from "../../test-support/factories.node";
import { attemptAnswers, quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { shownIdsOf } from "../../test-support/shown-ids.node";
import { callerOf, createTestServices } from "../../test-support/test-app.node";
import { answerAll } from "./answer-all";
import { closeExpiredAttempts } from "./close-expired";
import { saveAnswers } from "./save-answers";
import { ATTEMPT_MESSAGES, DEADLINE_GRACE_MS } from "./schemas";
import { startQuiz } from "./start-quiz";

/** The abandoned-attempt sweep: every open attempt past its deadline and grace is graded on what it saved. */
let services: AppServices;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 23, 9, 0, 0);
  services = await createTestServices({ now: () => new Date(clock) });
  tenant = await createTenant(services.db, "Sweep School");
});

/** A quiz of two radio questions with `time` minutes; B is right in both. */
async function timedQuiz(time: number) {
  const made = [];
  for (let i = 0; i < 2; i++) made.push(await createQuestion(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, options: [["A", false], ["B", true]] }));
  const { quiz } = await createQuiz(services.db, { businessId: tenant.business.id, teacherId: tenant.teacher.id, questionIds: made.map((m) => m.question.id), time });
  return { quiz, questions: made.map((m) => m.question), right: made.map((m) => m.options[1].id) };
}

async function newStudent() {
  return callerOf(await createUser(services.db, { businessId: tenant.business.id, userType: "Student" }));
}

const attemptRows = (ids: number[]) => services.db.select().from(quizAttempts).where(inArray(quizAttempts.id, ids)).orderBy(quizAttempts.id);

describe("closeExpiredAttempts", () => {
  it("grades open attempts past deadline and grace on what they saved, and leaves the rest alone", async () => {
    const oneMinute = await timedQuiz(1);
    const twoMinutes = await timedQuiz(2);
    const untimed = await timedQuiz(-1);
    const [a, b, c, d, e] = await Promise.all([newStudent(), newStudent(), newStudent(), newStudent(), newStudent()]);

    // a: saved one right answer and walked away. b: saved nothing. c: submitted. d: longer quiz, still in its grace. e: no time limit.
    const abandoned = await startQuiz(services, a, { quizId: oneMinute.quiz.id });
    await saveAnswers(services, a, { takenQuizId: abandoned.takenQuizId, answers: [{ questionId: oneMinute.questions[0].id, answer: (await shownIdsOf(services, abandoned.takenQuizId))([oneMinute.right[0]]) }] });
    const empty = await startQuiz(services, b, { quizId: oneMinute.quiz.id });
    const submitted = await startQuiz(services, c, { quizId: oneMinute.quiz.id });
    clock += 20_000;
    const done = await answerAll(services, c, { takenQuizId: submitted.takenQuizId, answers: [{ questionId: oneMinute.questions[1].id, answer: (await shownIdsOf(services, submitted.takenQuizId))([oneMinute.right[1]]) }] });
    const longer = await startQuiz(services, d, { quizId: twoMinutes.quiz.id });
    const counting = await startQuiz(services, e, { quizId: untimed.quiz.id });

    clock = Date.UTC(2026, 10, 23, 9, 0, 0) + 2 * 60_000 + DEADLINE_GRACE_MS - 10_000; // d started 20 s late: its grace has not run out
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 2, failed: 0 });
    const [rowA, rowB, rowC, rowD, rowE] = await attemptRows([abandoned.takenQuizId, empty.takenQuizId, submitted.takenQuizId, longer.takenQuizId, counting.takenQuizId]);
    expect(rowA).toMatchObject({ correctAnswered: 1, percentage: 50, timeTaken: 60 });
    expect(rowA.submittedAt?.getTime()).toBe(clock);
    expect(rowB).toMatchObject({ correctAnswered: 0, percentage: 0, timeTaken: 60 });
    expect(rowB.submittedAt).not.toBeNull();
    expect(rowC).toMatchObject({ correctAnswered: done.data.takenQuizObject.correctAnswered, timeTaken: 20 }); // graded once, by its submit
    expect(rowD.submittedAt).toBeNull();
    expect(rowE.submittedAt).toBeNull();

    // A save after the sweep is refused and changes nothing; a second run finds nothing.
    await expect(saveAnswers(services, a, { takenQuizId: abandoned.takenQuizId, answers: [{ questionId: oneMinute.questions[1].id, answer: (await shownIdsOf(services, abandoned.takenQuizId))([oneMinute.right[1]]) }] })).rejects.toMatchObject({ status: 409, message: ATTEMPT_MESSAGES.submitted });
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 0, failed: 0 });
    expect((await attemptRows([abandoned.takenQuizId]))[0].correctAnswered).toBe(1);

    clock = Date.UTC(2026, 10, 23, 9, 0, 0) + 20_000 + 2 * 60_000 + DEADLINE_GRACE_MS + 1; // now d's grace has run out too
    expect(await closeExpiredAttempts(services)).toEqual({ closed: 1, failed: 0 });
    expect((await attemptRows([longer.takenQuizId]))[0]).toMatchObject({ timeTaken: 120 });
    expect((await attemptRows([counting.takenQuizId]))[0].submittedAt).toBeNull();
  });

  it("grades at most `limit` a run, oldest deadline first, and one student's only when asked", async () => {
    const quiz = await timedQuiz(1);
    const students = [];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const student = await newStudent();
      students.push(student);
      ids.push((await startQuiz(services, student, { quizId: quiz.quiz.id })).takenQuizId);
      clock += 1_000;
    }
    clock += 60_000 + DEADLINE_GRACE_MS;
    expect(await closeExpiredAttempts(services, { studentId: students[4].userId })).toEqual({ closed: 1, failed: 0 });
    expect(await closeExpiredAttempts(services, { limit: 2 })).toEqual({ closed: 2, failed: 0 });
    expect((await attemptRows(ids)).map((row) => row.submittedAt !== null)).toEqual([true, true, false, false, true]);
    expect(await closeExpiredAttempts(services, { limit: 10 })).toEqual({ closed: 2, failed: 0 });
  });

  it("keeps going when one attempt cannot be graded, and says so", async () => {
    const quiz = await timedQuiz(1);
    const [a, b] = [await newStudent(), await newStudent()];
    const first = await startQuiz(services, a, { quizId: quiz.quiz.id });
    await startQuiz(services, b, { quizId: quiz.quiz.id });
    // The first attempt's saved answers are unreadable (a damaged row): grading it throws.
    await saveAnswers(services, a, { takenQuizId: first.takenQuizId, answers: [{ questionId: quiz.questions[0].id, answer: (await shownIdsOf(services, first.takenQuizId))([quiz.right[0]]) }] });
    await services.db.run(sql`update ${attemptAnswers} set selected_option_ids = 'not json' where attempt_id = ${first.takenQuizId}`);
    clock += 60_000 + DEADLINE_GRACE_MS + 1;
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(await closeExpiredAttempts(services)).toEqual({ closed: 1, failed: 1 });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`attempt ${first.takenQuizId}`), expect.anything());
    } finally {
      logged.mockRestore();
    }
    expect((await attemptRows([first.takenQuizId]))[0].submittedAt).toBeNull();
  });
});
