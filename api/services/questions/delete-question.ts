import { and, eq } from "drizzle-orm";
import { questions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, NotFound } from "../core/errors";
import { assertAuthor, assertMayChangeQuestion } from "../core/permissions";
import { questionUsage } from "./question-usage";
import { QuestionIdInput } from "./schemas";
import { QUESTION_DELETED } from "./messages";
import { say } from "../message-codes";


/**
 * Spec 7 `POST /api/question/delete`: removes a question of the caller's business with its
 * options and tag links (they cascade). A question any quiz uses stays: a quiz must not
 * lose questions silently. quiz_questions' foreign key (no cascade) refuses the delete
 * even if a quiz picks the question between the check and the delete.
 */
export async function deleteQuestion(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "QUESTION_DELETED" }> {
  assertAuthor(caller);
  const { questionId } = QuestionIdInput.parse(input);
  const mine = and(eq(questions.id, questionId), eq(questions.businessId, caller.businessId));
  const [own] = await services.db.select({ id: questions.id, teacherId: questions.teacherId }).from(questions).where(mine);
  if (!own) throw new NotFound("question");
  assertMayChangeQuestion(caller, own);
  if ((await questionUsage(services, questionId)).used) throw new Conflict(say("QUESTION_IN_USE"));
  try {
    await services.db.delete(questions).where(mine);
  } catch (error) {
    if ((await questionUsage(services, questionId)).used) throw new Conflict(say("QUESTION_IN_USE"));
    throw error;
  }
  return say("QUESTION_DELETED");
}

/** Kept here for the verb's callers; the text lives in messages.ts, which the message catalogue reads. */
export { QUESTION_DELETED };
