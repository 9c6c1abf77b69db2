import { and, asc, count, eq } from "drizzle-orm";
import { attemptAnswers, questions, quizAttempts, quizzes } from "../../../db/schema";
import type { Db } from "../../../db/client";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor, quizzesCallerMayGrade } from "../core/permissions";
import { waitingForGrader } from "./waiting";

export interface QuizWaiting {
  quizId: number;
  quizName: string;
  /** Answers of the quiz's finished attempts waiting for a person. */
  waiting: number;
}

/**
 * The answers waiting to be marked, per quiz the caller may grade (a teacher's own quizzes,
 * the owner's whole business: permissions.ts quizzesCallerMayGrade), in one query grouped by
 * quiz; quizzes with nothing waiting are left out. The same condition as the queue
 * (waiting.ts), so each count is the length of the grading page it links to.
 * A query builder, so the dashboard can put it in its own batch (one round trip).
 */
export function waitingCountsQuery(db: Db, caller: Caller, quizId?: number) {
  return db
    .select({ quizId: quizzes.id, quizName: quizzes.quizName, waiting: count() })
    .from(attemptAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, attemptAnswers.attemptId))
    .innerJoin(quizzes, and(eq(quizzes.id, quizAttempts.quizId), eq(quizzes.businessId, quizAttempts.businessId)))
    .innerJoin(questions, eq(questions.id, attemptAnswers.questionId))
    .where(and(eq(quizAttempts.businessId, caller.businessId), quizzesCallerMayGrade(caller, quizzes.teacherId), waitingForGrader(), quizId === undefined ? undefined : eq(quizzes.id, quizId)))
    .groupBy(quizzes.id)
    .orderBy(asc(quizzes.quizName), asc(quizzes.id));
}

/** The grading overview (/quiz/teacher/grading): each quiz the caller may grade with answers waiting, by name. */
export async function waitingCountsByQuiz(services: AppServices, caller: Caller): Promise<QuizWaiting[]> {
  assertAuthor(caller);
  return waitingCountsQuery(services.db, caller);
}

/** The dashboard's one number: every answer waiting in the quizzes of the caller's counts. */
export const totalWaiting = (rows: readonly QuizWaiting[]) => rows.reduce((sum, row) => sum + row.waiting, 0);

/**
 * One quiz's answers waiting, for its stats and view pages' "Mark answers (N)" link: 0 for a
 * caller who may not grade it (the condition keeps a teacher to their own quizzes: another
 * teacher of the business reads the quiz, not its marks).
 */
export async function waitingForQuiz(services: AppServices, caller: Caller, quizId: number): Promise<number> {
  return totalWaiting(await waitingCountsQuery(services.db, caller, quizId));
}
