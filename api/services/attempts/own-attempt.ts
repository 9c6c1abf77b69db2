import { and, eq, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Forbidden, NotFound } from "../core/errors";
import { type AttemptWithEnd, attemptColumns } from "./deadline";
import { ATTEMPT_MESSAGES } from "./schemas";

/**
 * The caller's own attempt. Another student's, or another business's, answers exactly like
 * one that does not exist (404 'The requested taken quiz is not found'). With its quiz's
 * current end date, which the deadline rules read (deadline.ts).
 */
export async function loadOwnAttempt(services: AppServices, caller: Caller, takenQuizId: number): Promise<AttemptWithEnd> {
  if (caller.userType !== "Student") throw new Forbidden(ATTEMPT_MESSAGES.studentsOnly);
  // Every autosave and submit asks this: built once (db/prepared.ts).
  const query = prepared(services.db, "loadOwnAttempt", (db) =>
    db
      .select(attemptColumns())
      .from(quizAttempts)
      .where(
        and(
          eq(quizAttempts.id, sql.placeholder("takenQuizId")),
          eq(quizAttempts.businessId, sql.placeholder("businessId")),
          eq(quizAttempts.studentId, sql.placeholder("studentId")),
        ),
      )
      .limit(1)
      .prepare(),
  );
  const [attempt] = await query.all({ takenQuizId, businessId: caller.businessId, studentId: caller.userId });
  if (!attempt) throw new NotFound("taken quiz");
  return attempt;
}
