import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { attemptAnswers, questions, quizAttempts } from "../../../db/schema";

/**
 * An answer that waits for a person, on rows joining attempt_answers with its quiz_attempts and
 * questions rows: an essay of a finished attempt no grader has marked yet. Worked out from what
 * the close itself stores (the answer, its question's type, no grader yet), not from the
 * `pending` status written just after the close (store-markings.ts): a process stopped between
 * the two must not hide an essay from its graders for good. The queue and the counts share it,
 * so the dashboard's number is the length of the list it links to.
 */
export function waitingForGrader() {
  return and(isNotNull(quizAttempts.submittedAt), eq(questions.optionType, "essay"), inArray(attemptAnswers.answerStatus, ["yes", "pending"]), isNull(attemptAnswers.gradedBy));
}
