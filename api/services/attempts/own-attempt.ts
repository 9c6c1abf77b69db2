import { and, eq, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertStudent, isStudent } from "../core/permissions";
import { type AttemptToAnswer, attemptAsJson, attemptColumns, attemptRead } from "./deadline";

/**
 * The caller's own attempt, to answer in. Another student's, or another business's, answers
 * exactly like one that does not exist (404 'The requested taken quiz is not found'). A
 * caller who is not a student is refused (403 STUDENTS_ONLY) only for an attempt of their
 * own business: to everyone else the id is 404, never confirmed (decisions.md "Teachers read
 * attempts"). With its quiz's current end date, which the deadline rules read (deadline.ts).
 */
export async function loadOwnAttempt(services: AppServices, caller: Caller, takenQuizId: number): Promise<AttemptToAnswer> {
  if (!isStudent(caller)) {
    if (!(await attemptOfBusiness(services, caller, takenQuizId))) throw new NotFound("taken quiz");
    assertStudent(caller);
  }
  // Every autosave and submit asks this: built once (db/prepared.ts).
  const query = prepared(services.db, "loadOwnAttempt", (db) =>
    db
      .select(attemptAsJson())
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
  const [found] = await query.all({ takenQuizId, businessId: caller.businessId, studentId: caller.userId });
  if (!found) throw new NotFound("taken quiz");
  return attemptRead(found);
}

/** The attempt `takenQuizId` of the caller's business, whoever took it (or undefined). */
export async function attemptOfBusiness(services: AppServices, caller: Pick<Caller, "businessId">, takenQuizId: number): Promise<AttemptToAnswer | undefined> {
  const query = prepared(services.db, "attemptOfBusiness", (db) =>
    db
      .select(attemptColumns())
      .from(quizAttempts)
      .where(and(eq(quizAttempts.id, sql.placeholder("takenQuizId")), eq(quizAttempts.businessId, sql.placeholder("businessId"))))
      .limit(1)
      .prepare(),
  );
  const [attempt] = await query.all({ takenQuizId, businessId: caller.businessId });
  return attempt;
}
