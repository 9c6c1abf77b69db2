import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { prepared } from "../../../db/prepared";
import { quizAttempts } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { closeAttempt } from "../attempts/close-attempt";
import { attemptColumns, isPastDeadline } from "../attempts/deadline";
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
  // One read: the attempts of the student and quiz that `takenQuizId` names, in the caller's
  // business (none when the id is another business's or missing). Every result page asks
  // this, a whole class at once after a submit: built once (db/prepared.ts).
  const query = prepared(services.db, "loadReadableAttemptsOfQuiz", (db) => {
    const named = alias(quizAttempts, "named");
    return db
      .select(attemptColumns())
      .from(quizAttempts)
      .innerJoin(
        named,
        and(
          eq(named.id, sql.placeholder("takenQuizId")),
          eq(named.businessId, sql.placeholder("businessId")),
          eq(quizAttempts.studentId, named.studentId),
          eq(quizAttempts.quizId, named.quizId),
        ),
      )
      .where(eq(quizAttempts.businessId, sql.placeholder("businessId")))
      .orderBy(asc(quizAttempts.attemptNumber))
      .prepare();
  });
  const rows = await query.all({ takenQuizId, businessId: caller.businessId });
  const anchor = rows.find((attempt) => attempt.id === takenQuizId);
  if (!anchor || !mayReadAttempt(caller, anchor)) throw new NotFound("taken quiz");
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
