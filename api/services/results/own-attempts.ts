import { and, asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { prepared } from "../../../db/prepared";
import { quizAttempts } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { closeAttempt } from "../attempts/close-attempt";
import { attemptAsJson, attemptRead, isPastDeadline } from "../attempts/deadline";
import { NotFound } from "../core/errors";
import { isAuthor, mayReadAttempt, readsAttemptAsAuthor } from "../core/permissions";
import { qualified } from "../../../db/qualified";
import { resultRowJson } from "./present-result";

/**
 * The attempt `takenQuizId` as the caller may read it (permissions.ts mayReadAttempt: the
 * student who took it, or an author of the business; anyone else, and another business's
 * or a missing id, is the same 404) and all of that student's attempts at that quiz in
 * attempt order, with any left open past its deadline graded first: a student who never came
 * back still has a result, the one the sweep would give. `asAuthor`: the caller reads it as
 * an author, whole (readsAttemptAsAuthor). `anchorResult`: the named attempt's result row
 * (present-result.ts resultRowJson), read in the same statement when it was already finished
 * (one a read here closed is read again by presentResult).
 */
export async function loadReadableAttemptsOfQuiz(
  services: AppServices,
  caller: Caller,
  takenQuizId: number,
): Promise<{ anchor: QuizAttempt; attempts: QuizAttempt[]; asAuthor: boolean; anchorResult: string | undefined }> {
  // One read: the attempts of the student and quiz that `takenQuizId` names, in the caller's
  // business (none when the id is another business's or missing), and the named one's result
  // row. Every result page asks this, a whole class at once after a submit: built once (db/prepared.ts).
  const query = prepared(services.db, "loadReadableAttemptsOfQuiz", (db) => {
    const named = alias(quizAttempts, "named");
    return db
      .select({ ...attemptAsJson(), result: sql<string | null>`case when ${qualified(quizAttempts.id)} = ${named.id} then ${resultRowJson()} end` })
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
  // The student's name and e-mail are read only when the caller is an author (readsAttemptAsAuthor decides after).
  // Each attempt's row as one JSON array (deadline.ts attemptAsJson: the client built 23 columns a row).
  const rows = (await query.all({ takenQuizId, businessId: caller.businessId, author: isAuthor(caller) ? 1 : 0 })).map((row) => ({ ...attemptRead(row), result: row.result }));
  const named = rows.find((attempt) => attempt.id === takenQuizId);
  if (!named || !mayReadAttempt(caller, named)) throw new NotFound("taken quiz");
  const now = services.now();
  const attempts = await Promise.all(
    rows.map(({ result: _result, ...attempt }) => (attempt.submittedAt === null && isPastDeadline(attempt, now) ? closeAttempt(services, attempt) : attempt)),
  );
  return {
    anchor: attempts.find((attempt) => attempt.id === named.id)!,
    attempts,
    asAuthor: readsAttemptAsAuthor(caller, named),
    anchorResult: named.submittedAt !== null && named.result !== null ? named.result : undefined,
  };
}

/** The latest finished attempt (highest attemptNumber with a grade), or null. */
export function latestFinished(attempts: readonly QuizAttempt[]): QuizAttempt | null {
  let latest: QuizAttempt | null = null;
  for (const attempt of attempts) if (attempt.submittedAt !== null && (latest === null || attempt.attemptNumber > latest.attemptNumber)) latest = attempt;
  return latest;
}
