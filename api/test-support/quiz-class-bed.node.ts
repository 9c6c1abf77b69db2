import { beforeEach } from "vitest";
import { createQuiz, createUser } from "./factories.node";
import { eachTestBed, type Who } from "./test-bed.node";

/** The moment every quiz-classes and overrides test starts at: a Monday morning, 09:00 UTC. */
export const NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
export const HOUR = 3600;
/** Epoch ms → the quiz body's epoch seconds. */
export const seconds = (ms: number) => Math.floor(ms / 1000);

export type Student = Awaited<ReturnType<typeof createUser>>;

/**
 * The set-up the quiz-classes and quiz-overrides API tests share (ADR 0079): a test bed whose
 * clock the test moves (`clock.now`, back to NOW before each test), the school's students and
 * quizzes as those tests make them (two questions, one attempt, twenty minutes), and starting
 * and finishing an attempt through the API.
 */
export function quizClassBed(schoolName: string) {
  const clock = { now: NOW };
  beforeEach(() => {
    clock.now = NOW;
  });
  const bed = eachTestBed(schoolName, { now: () => new Date(clock.now) });
  const newStudent = (fullname: string) => createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Student", fullname });
  const quizOf = (fields: Partial<Parameters<typeof createQuiz>[1]> = {}) =>
    createQuiz(bed.services.db, { businessId: bed.tenant.business.id, teacherId: bed.tenant.teacher.id, questionCount: 2, attemptsAllowed: 1, time: 20, ...fields }).then((made) => made.quiz);
  const start = (who: Who, quizId: number, password?: string) => bed.post(who, "/takeQuiz/startQuiz", { quizId, ...(password === undefined ? {} : { password }) });
  const finish = (who: Who, takenQuizId: number) => bed.post(who, "/takeQuiz/answerAll", { takenQuizId, answers: [] });
  return { bed, clock, newStudent, quizOf, start, finish };
}
