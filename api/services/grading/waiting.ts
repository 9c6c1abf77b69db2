import { and, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { attemptAnswers, questions, quizAttempts } from "../../../db/schema";

/**
 * An answer that waits for a person, on rows joining attempt_answers with its quiz_attempts and
 * questions rows: an essay of a finished attempt no grader has marked yet. The close writes the
 * markings in its own transaction (close-attempt.ts, store-markings.ts), so an essay answer of an
 * attempt closed now reads `pending` until a grader marks it (grade-answer.ts sets `graded_by`).
 * `yes`, an answer's status before its close, is still accepted: rows of attempts closed before
 * the markings joined the close's transaction may never have been given theirs, and no essay may
 * be hidden from its graders for that. The queue and the counts share this condition, so the
 * dashboard's number is the length of the list it links to.
 */
export function waitingForGrader() {
  return and(isNotNull(quizAttempts.submittedAt), eq(questions.optionType, "essay"), inArray(attemptAnswers.answerStatus, ["yes", "pending"]), isNull(attemptAnswers.gradedBy));
}
