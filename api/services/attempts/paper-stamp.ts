import { type Placeholder, sql, type SQL } from "drizzle-orm";
import { qualified } from "../../../db/qualified";
import { questions, quizQuestions } from "../../../db/schema";

/**
 * A number that changes whenever one of the quiz's questions is saved: the sum of their
 * `updated_at` (every question save sets it: update-question.ts, in the batch that rewrites
 * the options). The quiz's own `updated_at` changes with every save of the quiz, its list of
 * questions and its draws' parts included (update-quiz.ts). A start that found the quiz not yet
 * taken reads both with the paper and inserts its attempt only if they are still the same
 * (start-quiz.ts): a teacher's save that lands between the read and the insert is not frozen
 * out of the paper, nor the student shown a paper the quiz no longer has (issue 25, the
 * first-start race). Once the quiz is taken its questions no longer change (ADR 0022).
 * The sum is read into a JS number and compared with SQLite's exact one: it stays exact while a
 * quiz holds at most MAX_QUESTIONS + MAX_DRAW_POOL questions (paper-stamp.test.ts checks it).
 */
export function questionsStamp(quizId: SQL | Placeholder): SQL<number> {
  return sql<number>`(select coalesce(sum(${qualified(questions.updatedAt)}), 0) from ${quizQuestions}
    join ${questions} on ${qualified(questions.id)} = ${qualified(quizQuestions.questionId)}
    where ${qualified(quizQuestions.quizId)} = ${quizId})`;
}
