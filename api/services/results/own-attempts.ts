import { and, asc, eq } from "drizzle-orm";
import { quizAttempts } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { closeAttempt } from "../attempts/close-attempt";
import { attemptColumns, isPastDeadline } from "../attempts/deadline";
import { loadOwnAttempt } from "../attempts/own-attempt";

/**
 * The caller's attempt `takenQuizId` (another student's, a teacher's or another business's
 * id is 404, exactly like a missing one: own-attempt.ts) and all of the caller's attempts at
 * that quiz in attempt order, with any left open past its deadline graded first: a student
 * who never came back still has a result, the one the sweep would give.
 */
export async function loadOwnAttemptsOfQuiz(services: AppServices, caller: Caller, takenQuizId: number): Promise<{ anchor: QuizAttempt; attempts: QuizAttempt[] }> {
  const anchor = await loadOwnAttempt(services, caller, takenQuizId);
  const rows = await services.db
    .select(attemptColumns())
    .from(quizAttempts)
    .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.studentId, caller.userId), eq(quizAttempts.quizId, anchor.quizId)))
    .orderBy(asc(quizAttempts.attemptNumber));
  const now = services.now();
  const attempts = await Promise.all(rows.map((attempt) => (attempt.submittedAt === null && isPastDeadline(attempt, now) ? closeAttempt(services, attempt) : attempt)));
  return { anchor: attempts.find((attempt) => attempt.id === anchor.id) ?? anchor, attempts };
}

/** The latest finished attempt (highest attemptNumber with a grade), or null. */
export function latestFinished(attempts: readonly QuizAttempt[]): QuizAttempt | null {
  let latest: QuizAttempt | null = null;
  for (const attempt of attempts) if (attempt.submittedAt !== null && (latest === null || attempt.attemptNumber > latest.attemptNumber)) latest = attempt;
  return latest;
}
