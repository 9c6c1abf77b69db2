import { and, eq } from "drizzle-orm";
import { quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { loadQuiz } from "./quiz-queries";
import { assertMayChangeQuiz } from "../core/permissions";
import { QuizIdInput } from "./schemas";
import { say } from "../message-codes";

/**
 * Spec 6 and 8: only the quiz's teacher or the owner deletes a quiz, and only while nobody
 * has taken it. The attempt count gives the spec's message; an attempt started between
 * that read and the delete is caught by quiz_attempts' foreign key (no cascade), which
 * refuses the delete, so the race ends the same way.
 */
export async function deleteQuiz(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "QUIZ_DELETED" }> {
  assertAuthor(caller);
  const { quizId } = QuizIdInput.parse(input);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayChangeQuiz(caller, quiz.row);
  if (quiz.counts.takenCount > 0) throw new Conflict(say("QUIZ_NOT_DELETABLE"));
  try {
    await services.db.delete(quizzes).where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId)));
  } catch (error) {
    if (isForeignKeyFailure(error)) throw new Conflict(say("QUIZ_NOT_DELETABLE"));
    throw error;
  }
  return say("QUIZ_DELETED");
}

function isForeignKeyFailure(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (/FOREIGN KEY constraint failed/i.test(e.message)) return true;
  }
  return false;
}
