import { and, count, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { quizAttempts, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor, assertMayReadQuizResults } from "../core/permissions";
import { closeExpiredAttempts } from "../attempts/close-expired";
import { closesAt, quizEndOf, secondsTaken } from "../attempts/deadline";
import { orderBy, pageWindow } from "../listing/list-query";
import { loadQuiz } from "../quizzes/quiz-queries";
import type { QuizResultRow } from "./quiz-result-row";
import { passedOf } from "../pass-mark/passed";
import { QuizStatsQuery } from "./schemas";
import { attemptsOfClass, classFilterOf } from "../classes/class-filter";

export interface QuizResultsPage {
  totalCount: number;
  entities: QuizResultRow[];
  /** Attempts of the quiz being taken right now, whatever the filter: the page refreshes while there are any. */
  inProgressCount: number;
  /** The quiz the rows belong to (its page's heading). */
  quiz: { id: number; quizId: number; quizName: string; passPercentage: number | null };
}

/**
 * Expired attempts graded by one read of the stats: when a whole class runs out of time at
 * once, the page's next refreshes and the minute sweep share the work instead of one request
 * grading hundreds (those left show "Time is up" meanwhile).
 */
export const GRADED_PER_READ = 50;

const contains = (column: SQL | SQLiteColumn, term: string) => sql`instr(lower(${column}), lower(${term})) > 0`;

/**
 * Spec 7 POST /api/takenQuiz/fetchAllByQuizId { quizId, queryParams } (spec 2.5 viewStats):
 * one row per attempt at the quiz, finished or still being taken, with the student's name and
 * e-mail; student name ascending by default (spec 9). Only the quiz's teacher and the owner
 * (permissions.ts mayReadQuizResults); a student is 403, another business's quiz 404.
 *
 * Attempts of this quiz left open past their deadline are graded first (as the student's own
 * list does), so an in-progress row is one that can still be answered. A count, the page and
 * the in-progress count in one batch; the search matches a part literally (instr, not LIKE).
 * With `classId` (ADR 0080) only the attempts of the class's members are counted and listed.
 */
export async function listQuizResults(services: AppServices, caller: Caller, input: unknown): Promise<QuizResultsPage> {
  assertAuthor(caller);
  const { quizId, queryParams, classId } = QuizStatsQuery.parse(input);
  // The class is checked beside the quiz (one round-trip more in time only when filtered).
  const [quiz, inClass] = await Promise.all([loadQuiz(services, caller, quizId), classFilterOf(services, caller, classId)]);
  assertMayReadQuizResults(caller, quiz.row);
  await closeExpiredAttempts(services, { quizId, limit: GRADED_PER_READ });

  const { studentName, studentEmail } = queryParams.filter;
  const search = [studentName ? contains(users.fullname, studentName) : undefined, studentEmail ? contains(users.email, studentEmail) : undefined].filter((term) => term !== undefined);
  const ofQuiz = and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.quizId, quizId));
  const where = and(ofQuiz, search.length ? or(...search) : undefined, inClass ? attemptsOfClass(inClass, quizAttempts.studentId) : undefined);
  const { limit, offset } = pageWindow(queryParams);
  const db = services.db;
  const sortColumns = {
    studentName: sql`lower(${users.fullname})`,
    studentEmail: sql`lower(${users.email})`,
    percentage: quizAttempts.percentage,
    attemptDate: quizAttempts.startedAt,
    status: quizAttempts.status,
    timeTaken: quizAttempts.timeTaken,
  };
  const [[{ total }], page, [{ running }]] = await db.batch([
    db.select({ total: count() }).from(quizAttempts).innerJoin(users, eq(users.id, quizAttempts.studentId)).where(where),
    db
      .select({ attempt: quizAttempts, fullname: users.fullname, email: users.email })
      .from(quizAttempts)
      .innerJoin(users, eq(users.id, quizAttempts.studentId))
      .where(where)
      .orderBy(...orderBy(queryParams, sortColumns, quizAttempts.id))
      .limit(limit)
      .offset(offset),
    db.select({ running: count() }).from(quizAttempts).where(and(ofQuiz, isNull(quizAttempts.submittedAt))),
  ]);

  const now = services.now();
  const quizEnd = quizEndOf(quiz.row);
  const entities = page.map(({ attempt, fullname, email }): QuizResultRow => {
    const inProgress = attempt.submittedAt === null;
    // The student's own end when their classes or override moved it (ADR 0079).
    const quizEndsAt = attempt.endsAt ?? quizEnd;
    const closes = inProgress ? closesAt({ deadlineAt: attempt.deadlineAt, quizEndsAt }) : null;
    return {
      id: attempt.id,
      takenQuizId: attempt.id,
      quizId: attempt.quizId,
      studentId: attempt.studentId,
      fullname,
      studentName: fullname,
      email,
      studentEmail: email,
      attemptNumber: attempt.attemptNumber,
      percentage: attempt.percentage,
      correctAnswered: attempt.correctAnswered,
      negativePoints: attempt.negativePoints,
      timeTaken: inProgress ? secondsTaken({ startedAt: attempt.startedAt, deadlineAt: attempt.deadlineAt, quizEndsAt }, now) : attempt.timeTaken,
      attemptDate: attempt.startedAt.getTime(),
      submittedAt: attempt.submittedAt?.getTime() ?? null,
      status: attempt.status,
      gradingStatus: attempt.gradingStatus,
      inProgress,
      closesAt: closes?.getTime() ?? null,
      timeLeft: closes ? Math.max(0, Math.ceil((closes.getTime() - now.getTime()) / 1000)) : null,
      passed: inProgress ? null : passedOf(attempt, quiz.row.passPercentage),
    };
  });
  return { totalCount: total, entities, inProgressCount: running, quiz: { id: quiz.row.id, quizId: quiz.row.id, quizName: quiz.row.quizName, passPercentage: quiz.row.passPercentage } };
}
