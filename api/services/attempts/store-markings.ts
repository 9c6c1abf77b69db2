import { chunkRows, MAX_BOUND_PARAMETERS } from "../../../db/statement-limits";
import type { RawStatement } from "../../../db/raw-batch";
import type { AttemptGrade } from "./scoring";

/** Rows of (question_id, fraction_e7, answer_status) per statement: D1 binds at most 100 values, four of them the statement's own. */
const ROWS_PER_UPDATE = Math.floor((MAX_BOUND_PARAMETERS - 4) / 3);

/** The values a close writes on the attempt row. */
export interface CloseValues {
  submittedAt: Date;
  correctAnswered: number;
  negativePoints: number;
  percentage: number;
  timeTaken: number;
  scoreE7: number;
  totalMarkHundredths: number;
  gradingStatus: "Graded" | "NeedsGrading";
}

/**
 * The close of an attempt whose paper has types without options, with each answered question's
 * marking (issue 26): its fraction in 10⁻⁷ and its status (yes, partial, no, pending) on the
 * answer rows, for the grading queue and the readers of one answer that come after (the results
 * recompute from the one engine either way). One transaction (ADR 0074): the close is the
 * compare-and-set on the version graded, and the markings apply only when that close did (the
 * attempt now closed at this time on that version), so both commit or neither. As raw statements
 * that decide by their WHERE clauses alone, they join the group commit of the writes arriving
 * with them (db/write-together.ts). Papers of choice questions only keep today's prepared close
 * and write no markings.
 */
export function closeWithMarkings(attemptId: number, answersVersion: number, values: CloseValues, grade: AttemptGrade): RawStatement[] {
  const closedAt = values.submittedAt.getTime();
  const close: RawStatement = {
    sql: `update quiz_attempts set submitted_at = ?, correct_answered = ?, negative_points = ?, percentage = ?, time_taken = ?, score_e7 = ?, total_mark_hundredths = ?, grading_status = ?
      where id = ? and submitted_at is null and answers_version = ?`,
    args: [closedAt, values.correctAnswered, values.negativePoints, values.percentage, values.timeTaken, values.scoreE7, values.totalMarkHundredths, values.gradingStatus, attemptId, answersVersion],
  };
  const answered = grade.questions.filter((question) => question.answerStatus !== "empty");
  const markings = chunkRows(answered, ROWS_PER_UPDATE).map((chunk) => ({
    sql: `update attempt_answers set fraction_e7 = m.column2, answer_status = m.column3
      from (values ${chunk.map(() => "(?, ?, ?)").join(", ")}) as m
      where attempt_answers.attempt_id = ? and attempt_answers.question_id = m.column1
        and exists (select 1 from quiz_attempts where id = ? and submitted_at = ? and answers_version = ?)`,
    args: [...chunk.flatMap((question) => [question.questionId, question.fraction === null ? null : Math.round(question.fraction * 1e7), question.answerStatus]), attemptId, attemptId, closedAt, answersVersion],
  }));
  return [close, ...markings];
}
