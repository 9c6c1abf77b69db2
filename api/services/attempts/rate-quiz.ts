import { and, desc, eq, isNotNull } from "drizzle-orm";
import { quizAttempts, quizRatings } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict } from "../core/errors";
import { RATE_AFTER_TAKING, RateQuizInput, RATING_SAVED } from "./schemas";
import { assertStudent } from "../core/permissions";

/**
 * Spec 7 rateQuiz { quizId, rating }: 1–5 stars (spec 5) by a student who has finished the
 * quiz; rating again replaces it. The rating is kept per student and quiz and shown on the
 * student's latest finished attempt (spec 2.4 result: rating).
 */
export async function rateQuiz(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; rating: number }> {
  assertStudent(caller);
  const { quizId, rating } = RateQuizInput.parse(input);
  const db = services.db;
  const [latest] = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, caller.userId), isNotNull(quizAttempts.submittedAt)))
    .orderBy(desc(quizAttempts.attemptNumber))
    .limit(1);
  // Not taken, not finished, or another business's quiz: the same answer.
  if (!latest) throw new Conflict(RATE_AFTER_TAKING);
  const now = services.now();
  await db.batch([
    db
      .insert(quizRatings)
      .values({ quizId, studentId: caller.userId, rating, updatedAt: now })
      .onConflictDoUpdate({ target: [quizRatings.quizId, quizRatings.studentId], set: { rating, updatedAt: now } }),
    db.update(quizAttempts).set({ rating }).where(eq(quizAttempts.id, latest.id)),
  ]);
  return { message: RATING_SAVED, rating };
}
