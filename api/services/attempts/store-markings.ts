import { and, eq, inArray, sql } from "drizzle-orm";
import { chunkRows, MAX_BOUND_PARAMETERS } from "../../../db/statement-limits";
import { attemptAnswers, quizAttempts } from "../../../db/schema";
import type { Db } from "../../../db/client";
import type { AttemptGrade } from "./scoring";

/** Parameters a row takes: its question id and value in each of the two CASEs, and in the IN list. */
const PARAMETERS_PER_ROW = 5;
/** Rows per statement: D1 binds at most 100 values, and the statement's own four (attempt, close time, version, attempt) come first. */
const ROWS_PER_UPDATE = Math.floor((MAX_BOUND_PARAMETERS - 4) / PARAMETERS_PER_ROW);

/**
 * Each answered question's marking as graded (issue 26): its fraction in 10⁻⁷ and its status
 * (yes, partial, no, pending), on the answer rows of the attempt being closed, for the grading
 * queue and the readers of one answer that come after (the results recompute from the one engine
 * either way). The statements run in the close's own transaction, after the close, and apply only
 * when that close did (the attempt now closed at `closedAt` on the version graded), so the close
 * and its markings commit together or not at all, at the price of one transaction, not two
 * (ADR 0074: the mixed paper's submit). Papers of choice questions only keep today's rows and
 * today's statements: nothing is written for them.
 */
export function markingStatements(db: Db, close: { attemptId: number; closedAt: number; answersVersion: number }, grade: AttemptGrade) {
  const answered = grade.questions.filter((question) => question.answerStatus !== "empty");
  const closedHere = sql`exists (select 1 from ${quizAttempts} where ${quizAttempts.id} = ${close.attemptId} and ${quizAttempts.submittedAt} = ${close.closedAt} and ${quizAttempts.answersVersion} = ${close.answersVersion})`;
  return chunkRows(answered, ROWS_PER_UPDATE).map((chunk) =>
    db
      .update(attemptAnswers)
      .set({
        fractionE7: sql`case ${attemptAnswers.questionId} ${sql.join(
          chunk.map((question) => sql`when ${question.questionId} then ${question.fraction === null ? null : Math.round(question.fraction * 1e7)}`),
          sql` `,
        )} end`,
        answerStatus: sql`case ${attemptAnswers.questionId} ${sql.join(
          chunk.map((question) => sql`when ${question.questionId} then ${question.answerStatus}`),
          sql` `,
        )} end`,
      })
      .where(and(closedHere, eq(attemptAnswers.attemptId, close.attemptId), inArray(attemptAnswers.questionId, chunk.map((question) => question.questionId)))),
  );
}
