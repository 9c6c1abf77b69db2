import { eq } from "drizzle-orm";
import { questionOptions, quizAttempts, quizQuestions } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { optionIdsOf } from "../services/attempts/option-ids";

/**
 * Stored option ids (what the factories return) → the ids attempt `takenQuizId` shows its
 * student (option-ids.ts, ADR 0031): what a test sends to the exam API in the student's
 * place, and what it expects back. An id that is no option of the attempt's quiz passes
 * unchanged (a forged answer stays forged).
 */
export async function shownIdsOf(services: AppServices, takenQuizId: number): Promise<(storedIds: readonly number[]) => number[]> {
  const rows = await services.db
    .select({ id: questionOptions.id, questionId: questionOptions.questionId })
    .from(quizAttempts)
    .innerJoin(quizQuestions, eq(quizQuestions.quizId, quizAttempts.quizId))
    .innerJoin(questionOptions, eq(questionOptions.questionId, quizQuestions.questionId))
    .where(eq(quizAttempts.id, takenQuizId));
  const optionIds = await optionIdsOf(services, takenQuizId);
  const shown = new Map<number, number>();
  const byQuestion = new Map<number, number[]>();
  for (const row of rows) byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row.id]);
  for (const options of byQuestion.values()) for (const [stored, id] of optionIds.shownIdsOf(options)) shown.set(stored, id);
  return (storedIds) => storedIds.map((id) => shown.get(id) ?? id);
}
