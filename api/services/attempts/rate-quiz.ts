import { and, desc, eq, isNotNull } from "drizzle-orm";
import { quizAttempts, quizRatings } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, NotFound } from "../core/errors";
import { studentSeesQuiz } from "./quiz-access";
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
  if (!latest) {
    // A quiz the student sees but has not finished is "rate after taking"; any other id
    // (another business's, a draft, another class's) is 404 (issue 25 point 11).
    throw (await studentSeesQuiz(services, caller, quizId)) ? new Conflict(RATE_AFTER_TAKING) : new NotFound("quiz");
  }
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
