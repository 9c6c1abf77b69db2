import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import { quizAttempts, quizRatings, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, NotFound } from "../core/errors";
import { visibleTo } from "./quiz-access";
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
    // A quiz the student could take but has not finished is "rate after taking"; any other id
    // (another business's, a draft, another class's) is 404 like every id the caller cannot see
    // (issue 25 point 11). Asked only on this refusal path, so a rating costs no extra query.
    const [takeable] = await db
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId), ne(quizzes.status, "Draft"), visibleTo(caller.userId)))
      .limit(1);
    throw takeable ? new Conflict(RATE_AFTER_TAKING) : new NotFound("quiz");
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
