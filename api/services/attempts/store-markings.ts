import { chunkRows, MAX_BOUND_PARAMETERS } from "../../../db/statement-limits";
import type { RawStatement } from "../../../db/raw-batch";
import { isKeyedType } from "../marking/question-types";
import type { AttemptGrade, QuestionKey } from "./scoring";

/** Rows of (question_id, value) per statement: D1 binds at most 100 values, three of them the guard's. */
const ROWS_PER_UPDATE = Math.floor((MAX_BOUND_PARAMETERS - 3) / 2);

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
 *
 * Two statements a chunk (ADR 0093): the statuses, which no index holds, and the fractions only
 * where the row's differs. The autosave already wrote each answer's fraction by the same engine
 * (save-answers.ts, `cachedFractionE7`), so the second normally changes no row: a fraction is in
 * the item-analysis index's key, and setting it, even to the same value, moved that index entry,
 * one in another question's part of the index for each typed answer of the attempt. Where the
 * key changed since the save, or the row was saved before fractions were (an attempt open at the
 * upgrade), the close's own marking is written, as before: the close stays the one that decides.
 */
export function markingStatements(closed: ClosedAt, grade: AttemptGrade): RawStatement[] {
  // A choice answer's marking is its chosen ids against the kept key (marking/choice.ts: the
  // exact set, no partial credit), which every reader derives from the row as it does on a
  // choice-only paper (item analysis' tallyAnswers, the result page's grading): storing it too
  // moved one entry of the item-analysis index per choice question, half a mixed paper's write.
  const keyed = grade.questions.filter((question) => isKeyedType(question.optionType));
  const guard = [closed.attemptId, closed.submittedAt, closed.answersVersion];
  const rows = (count: number) => `(values ${Array.from({ length: count }, () => "(?, ?)").join(", ")}) as m`;
  return [
    ...chunkRows(
      keyed.filter((question) => question.answerStatus !== "empty"),
      ROWS_PER_UPDATE,
    ).map((chunk) => ({ sql: updateWhereDifferent("answer_status", rows(chunk.length)), args: [...chunk.flatMap((question) => [question.questionId, question.answerStatus]), ...guard] })),
    // Every keyed question's, the unanswered ones' null: a row whose saved answer no longer reads
    // as one (written behind the exam's back) loses the copy the autosave made of its old fraction.
    ...chunkRows(keyed, ROWS_PER_UPDATE).map((chunk) => ({
      sql: updateWhereDifferent("fraction_e7", rows(chunk.length)),
      args: [...chunk.flatMap((question) => [question.questionId, question.answerStatus === "empty" ? null : fractionE7Of(question.fraction)]), ...guard],
    })),
  ];
}

/** The fraction as stored: 10⁻⁷ of the mark, null while a person has to mark it. One rule for the close and the autosave's copy. */
export const fractionE7Of = (fraction: number | null) => (fraction === null ? null : Math.round(fraction * 1e7));

/** Sets `column` to each row's value where it differs (a row already right is not written), on this attempt while it stands closed by this close. */
const updateWhereDifferent = (column: "answer_status" | "fraction_e7", rows: string) =>
  `update attempt_answers set ${column} = m.column2 from ${rows}
      where attempt_answers.attempt_id = ? and attempt_answers.question_id = m.column1 and attempt_answers.${column} is not m.column2
        and exists (select 1 from quiz_attempts z where z.id = attempt_answers.attempt_id and z.submitted_at = ? and z.answers_version = ?)`;
