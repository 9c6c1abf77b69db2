import { eq, sql } from "drizzle-orm";
import { quizAttempts, quizQuestions } from "../../../db/schema";
import type { AppServices } from "../core/app-services";

export const QUESTION_NOT_FOUND = "question"; // NotFound("question"): 'The requested question is not found'
export const QUESTION_TAKEN = "Sorry, the quiz is taken by one or more students, so editing questions is not allowed";
export const QUESTION_IN_USE = "This question is used in one or more quizzes and cannot be deleted";

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
