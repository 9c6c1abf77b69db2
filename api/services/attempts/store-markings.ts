import { writeTogether } from "../../../db/write-together";
import { chunkRows, MAX_BOUND_PARAMETERS } from "../../../db/statement-limits";
import type { RawStatement } from "../../../db/raw-batch";
import type { AppServices } from "../core/app-services";
import { isKeyedType } from "../marking/question-types";
import type { AttemptGrade, QuestionKey } from "./scoring";

/** Rows of (question_id, fraction_e7, answer_status) per statement: D1 binds at most 100 values. */
const ROWS_PER_UPDATE = Math.floor((MAX_BOUND_PARAMETERS - 1) / 3);

/**
 * Each answered question's marking as graded (issue 26): its fraction in 10⁻⁷ and its status
 * (yes, partial, no, pending), on the answer rows of a closed attempt, for the grading queue and
 * the readers of one answer that come after (the results recompute from the one engine either
 * way). Written after the close, which no save can follow (save-answers.ts), so nothing races
 * it; a process stopped in between leaves the rows as saved, and the results read the same.
 * Papers of choice questions only keep today's rows and today's statements: nothing is written.
 */
export async function storeMarkings(services: AppServices, attemptId: number, keys: readonly QuestionKey[], grade: AttemptGrade): Promise<void> {
  if (!keys.some((key) => isKeyedType(key.optionType))) return;
  const answered = grade.questions.filter((question) => question.answerStatus !== "empty");
  if (answered.length === 0) return;
  const statements: RawStatement[] = chunkRows(answered, ROWS_PER_UPDATE).map((chunk) => ({
    sql: `update attempt_answers set fraction_e7 = m.column2, answer_status = m.column3
      from (values ${chunk.map(() => "(?, ?, ?)").join(", ")}) as m
      where attempt_answers.attempt_id = ? and attempt_answers.question_id = m.column1`,
    args: [...chunk.flatMap((question) => [question.questionId, question.fraction === null ? null : Math.round(question.fraction * 1e7), question.answerStatus]), attemptId],
  }));
  await writeTogether(services.db, statements);
}
