import { chunkRows, MAX_BOUND_PARAMETERS } from "../../../db/statement-limits";
import type { RawStatement } from "../../../db/raw-batch";
import { isKeyedType } from "../marking/question-types";
import type { AttemptGrade, QuestionKey } from "./scoring";

/** Rows of (question_id, fraction_e7, answer_status) per statement: D1 binds at most 100 values, three of them the guard's. */
const ROWS_PER_UPDATE = Math.floor((MAX_BOUND_PARAMETERS - 3) / 3);

/** Papers of choice questions only keep today's rows and today's statements: no markings are written for them. */
export const papersMarkings = (keys: readonly QuestionKey[]) => keys.some((key) => isKeyedType(key.optionType));

/** The close this marking belongs to: the attempt, the time it was closed at and the answers' version it graded. */
export interface ClosedAt {
  attemptId: number;
  submittedAt: number;
  answersVersion: number;
}

/**
 * Each answered question's marking as graded (issue 26), for the types with an answer key (a
 * choice answer's is read from its row, as on a choice-only paper): its fraction in 10⁻⁷ and its status
 * (yes, partial, no, pending), on the answer rows of a closed attempt, for the grading queue,
 * item analysis and the readers of one answer that come after. These statements run in the
 * close's own batch, after the close's compare-and-set (close-attempt.ts), so a closed attempt
 * always has its markings: each applies only while the attempt stands closed at that time and
 * that answers' version, i.e. only when this close won (a close of the same version at the same
 * millisecond graded the same answers the same way). Nothing fails to decide: a close that lost
 * changes nothing here, and the batch is all or nothing.
 */
export function markingStatements(closed: ClosedAt, grade: AttemptGrade): RawStatement[] {
  // A choice answer's marking is its chosen ids against the kept key (marking/choice.ts: the
  // exact set, no partial credit), which every reader derives from the row as it does on a
  // choice-only paper (item analysis' tallyAnswers, the result page's grading): storing it too
  // moved one entry of the item-analysis index per choice question, half a mixed paper's write.
  const answered = grade.questions.filter((question) => question.answerStatus !== "empty" && isKeyedType(question.optionType));
  return chunkRows(answered, ROWS_PER_UPDATE).map((chunk) => ({
    sql: `update attempt_answers set fraction_e7 = m.column2, answer_status = m.column3
      from (values ${chunk.map(() => "(?, ?, ?)").join(", ")}) as m
      where attempt_answers.attempt_id = ? and attempt_answers.question_id = m.column1
        and exists (select 1 from quiz_attempts z where z.id = attempt_answers.attempt_id and z.submitted_at = ? and z.answers_version = ?)`,
    args: [
      ...chunk.flatMap((question) => [question.questionId, question.fraction === null ? null : Math.round(question.fraction * 1e7), question.answerStatus]),
      closed.attemptId,
      closed.submittedAt,
      closed.answersVersion,
    ],
  }));
}
