import { and, asc, eq, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
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
  // Every result page asks this, a whole class at once after a submit: built once (db/prepared.ts).
  const query = prepared(services.db, "loadOwnAttemptsOfQuiz", (db) =>
    db
      .select(attemptColumns())
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.businessId, sql.placeholder("businessId")),
          eq(quizAttempts.studentId, sql.placeholder("studentId")),
          eq(quizAttempts.quizId, sql.placeholder("quizId")),
        ),
      )
      .orderBy(asc(quizAttempts.attemptNumber))
      .prepare(),
  );
  const rows = await query.all({ businessId: caller.businessId, studentId: caller.userId, quizId: anchor.quizId });
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
