import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { loadQuestionEntity, type QuestionEntity } from "./question-entity";
import { QuestionIdInput } from "./schemas";

/**
 * Spec 7 `POST /api/question/findOne`: one question of the caller's business for the
 * editor and the view. Another business's id answers exactly like a missing one (404).
 */
export async function findQuestion(services: AppServices, caller: Caller, input: unknown): Promise<QuestionEntity> {
  assertAuthor(caller);
  const { questionId } = QuestionIdInput.parse(input);
  const entity = await loadQuestionEntity(services, caller, questionId);
  if (!entity) throw new NotFound("question");
  return entity;
}
