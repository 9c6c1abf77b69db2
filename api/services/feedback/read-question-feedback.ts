import { and, eq } from "drizzle-orm";
import { questionFeedback } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertAuthor, assertMayReadQuestionFeedback } from "../core/permissions";
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
  assertAuthor(caller);
  const [row] = await selectFeedback(services)
    .where(and(eq(questionFeedback.id, feedbackId), eq(questionFeedback.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new NotFound("feedback");
  assertMayReadQuestionFeedback(caller, { teacherId: row.questionTeacherId });
  return row;
}

/** Spec 7 POST /api/feedback/getQuestionFeedbackById { feedbackId } → { feedbackObject }. */
export async function readQuestionFeedback(services: AppServices, caller: Caller, input: unknown): Promise<{ feedbackObject: FeedbackObject }> {
  assertAuthor(caller);
  const { feedbackId } = FeedbackIdInput.parse(input);
  const row = await loadReadableFeedback(services, caller, feedbackId);
  const question = await loadQuestionEntity(services, caller, row.questionId);
  if (!question) throw new NotFound("question");
  const { id, questionId, questionText, optionType, options, answerExplaination, category, course } = question;
  return { feedbackObject: { ...toFeedbackEntity(row), question: { id, questionId, questionText, optionType, options, answerExplaination, category, course } } };
}
