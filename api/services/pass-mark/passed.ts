import { eq } from "drizzle-orm";
import { quizzes } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";

/**
 * Whether a result passes its quiz's pass mark (issue 27 point 4, docs/decisions/0076): true
 * at or above it, false below, null when the quiz has no pass mark or a person has yet to mark
 * an answer (the percentage is provisional). The one rule every caller uses (result pages,
 * the taken list, answerAll, stats, the leader board, the certificate), computed from the
 * stored percentage, so a regrade or a manual mark changes it with the percentage.
 *
 * The stored percentage has two decimals at most (scoring.ts), as the pass mark has, so
 * comparing them is exact: 49.99 on a 50 % quiz does not pass.
 */
export function passedOf(result: { percentage: number; gradingStatus: QuizAttempt["gradingStatus"] }, passPercentage: number | null): boolean | null {
  if (passPercentage === null || result.gradingStatus === "NeedsGrading") return null;
  return Number(result.percentage) >= passPercentage;
}

/** A quiz's pass mark (null: none), for a caller that has not read the quiz row. */
export async function passPercentageOf(services: AppServices, quizId: number): Promise<number | null> {
  const [row] = await services.db.select({ passPercentage: quizzes.passPercentage }).from(quizzes).where(eq(quizzes.id, quizId)).limit(1);
  return row?.passPercentage ?? null;
}
