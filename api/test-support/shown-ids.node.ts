import { eq, inArray } from "drizzle-orm";
import { questionOptions } from "../../db/schema";
import type { AppServices } from "../context";
import { optionIdsOf } from "../services/attempts/option-ids";

/**
 * Stored option ids (what the factories return) as attempt `takenQuizId` shows them to its
 * student (option-ids.ts, ADR 0031): what a test sends to the exam API in the student's
 * place, and what it expects back from it.
 */
export async function shownIds(services: AppServices, takenQuizId: number, storedIds: readonly number[]): Promise<number[]> {
  if (storedIds.length === 0) return [];
  const [first] = await services.db.select({ questionId: questionOptions.questionId }).from(questionOptions).where(inArray(questionOptions.id, [...storedIds])).limit(1);
  if (!first) return [...storedIds];
  const all = await services.db.select({ id: questionOptions.id }).from(questionOptions).where(eq(questionOptions.questionId, first.questionId));
  return (await optionIdsOf(services, takenQuizId)).shownChoice(
    all.map((row) => row.id),
    [...storedIds],
  );
}
