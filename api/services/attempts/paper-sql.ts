import { type SQL, sql } from "drizzle-orm";
import { quizAttempts, quizQuestions } from "../../../db/schema";

/**
 * As SQL over a join of `quiz_attempts` with the quiz's `quiz_questions` row of the question:
 * whether that attempt's paper shows the question (ADR 0077). A null paper shows the quiz's own
 * questions only (a quiz with draws always stores its paper); a stored paper is its list. So a
 * question of the draws' parts that was not drawn for the attempt is never "met" in it, for
 * feedback, votes or anything else that asks which questions a student has seen.
 */
export function questionOnAttemptPaper(questionId: number): SQL {
  return sql`(case when ${quizAttempts.paper} is null then ${quizQuestions.inDraws} is null
    else exists (select 1 from json_each(${quizAttempts.paper}) where json_each.value = ${questionId}) end)`;
}
