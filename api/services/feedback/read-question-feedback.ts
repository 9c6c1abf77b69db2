import { and, eq } from "drizzle-orm";
import { questionFeedback } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Forbidden, NotFound } from "../core/errors";
import { isAuthor, mayReadQuestionFeedback } from "../core/permissions";
import { loadQuestionEntity, type QuestionEntity } from "../questions/question-entity";
import { type FeedbackEntity, type FeedbackRow, selectFeedback, toFeedbackEntity } from "./feedback-entity";
import { FeedbackIdInput } from "./schemas";

/** The feedback with the question it is about, as its author sees it (text, options and which are right, explanation). */
export interface FeedbackObject extends FeedbackEntity {
  question: Pick<QuestionEntity, "id" | "questionId" | "questionText" | "optionType" | "options" | "answerExplaination" | "category" | "course">;
}

/**
 * One feedback row of the caller's business that the caller may read: another business's id
 * is 404 like a missing one; another teacher's question is 403 (mayReadQuestionFeedback).
 */
export async function loadReadableFeedback(services: AppServices, caller: Caller, feedbackId: number): Promise<FeedbackRow> {
  if (!isAuthor(caller)) throw new Forbidden();
  const [row] = await selectFeedback(services)
    .where(and(eq(questionFeedback.id, feedbackId), eq(questionFeedback.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new NotFound("feedback");
  if (!mayReadQuestionFeedback(caller, { teacherId: row.questionTeacherId })) throw new Forbidden();
  return row;
}

/** Spec 7 POST /api/feedback/getQuestionFeedbackById { feedbackId } → { feedbackObject }. */
export async function readQuestionFeedback(services: AppServices, caller: Caller, input: unknown): Promise<{ feedbackObject: FeedbackObject }> {
  if (!isAuthor(caller)) throw new Forbidden();
  const { feedbackId } = FeedbackIdInput.parse(input);
  const row = await loadReadableFeedback(services, caller, feedbackId);
  const question = await loadQuestionEntity(services, caller, row.questionId);
  if (!question) throw new NotFound("question");
  const { id, questionId, questionText, optionType, options, answerExplaination, category, course } = question;
  return { feedbackObject: { ...toFeedbackEntity(row), question: { id, questionId, questionText, optionType, options, answerExplaination, category, course } } };
}
