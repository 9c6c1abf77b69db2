import { and, asc, eq, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { quizAttempts } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { closeAttempt } from "../attempts/close-attempt";
import { attemptColumns, isPastDeadline } from "../attempts/deadline";
import { attemptOfBusiness } from "../attempts/own-attempt";
import { NotFound } from "../core/errors";
import { mayReadAttempt, readsAttemptAsAuthor } from "../core/permissions";

/**
 * The attempt `takenQuizId` as the caller may read it (permissions.ts mayReadAttempt: the
 * student who took it, or an author of the business; anyone else, and another business's
 * or a missing id, is the same 404) and all of that student's attempts at that quiz in
 * attempt order, with any left open past its deadline graded first: a student who never came
 * back still has a result, the one the sweep would give. `asAuthor`: the caller reads it as
 * an author, whole (readsAttemptAsAuthor).
 */
export async function loadReadableAttemptsOfQuiz(
  services: AppServices,
  caller: Caller,
  takenQuizId: number,
): Promise<{ anchor: QuizAttempt; attempts: QuizAttempt[]; asAuthor: boolean }> {
  const anchor = await attemptOfBusiness(services, caller, takenQuizId);
  if (!anchor || !mayReadAttempt(caller, anchor)) throw new NotFound("taken quiz");
  // Every result page asks this, a whole class at once after a submit: built once (db/prepared.ts).
  const query = prepared(services.db, "loadReadableAttemptsOfQuiz", (db) =>
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
  const rows = await query.all({ businessId: caller.businessId, studentId: anchor.studentId, quizId: anchor.quizId });
  const now = services.now();
  const attempts = await Promise.all(rows.map((attempt) => (attempt.submittedAt === null && isPastDeadline(attempt, now) ? closeAttempt(services, attempt) : attempt)));
  return { anchor: attempts.find((attempt) => attempt.id === anchor.id) ?? anchor, attempts, asAuthor: readsAttemptAsAuthor(caller, anchor) };
}

/** The latest finished attempt (highest attemptNumber with a grade), or null. */
export function latestFinished(attempts: readonly QuizAttempt[]): QuizAttempt | null {
  let latest: QuizAttempt | null = null;
  for (const attempt of attempts) if (attempt.submittedAt !== null && (latest === null || attempt.attemptNumber > latest.attemptNumber)) latest = attempt;
  return latest;
}
