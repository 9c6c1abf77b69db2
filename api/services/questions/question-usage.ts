import { eq, sql } from "drizzle-orm";
import { quizAttempts, quizQuestions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { QUESTION_TAKEN, QUESTION_IN_USE } from "./messages";

export const QUESTION_NOT_FOUND = "question"; // NotFound("question"): 'The requested question is not found'

/**
 * Whether any quiz uses the question (`used`: the editor warns, delete is refused), and
 * whether any such quiz has an attempt (`taken`: editing is refused, spec 8). One query.
 */
export async function questionUsage(services: AppServices, questionId: number): Promise<{ used: boolean; taken: boolean }> {
  const [row] = await services.db
    .select({
      used: sql<number>`count(*)`,
      taken: sql<number>`coalesce(sum(exists (select 1 from ${quizAttempts} where ${quizAttempts.quizId} = ${quizQuestions.quizId})), 0)`,
    })
    .from(quizQuestions)
    .where(eq(quizQuestions.questionId, questionId));
  return { used: Number(row?.used ?? 0) > 0, taken: Number(row?.taken ?? 0) > 0 };
}

/** Kept here for the verb's callers; the text lives in messages.ts, which the message catalogue reads. */
export { QUESTION_TAKEN, QUESTION_IN_USE };
