import { and, eq } from "drizzle-orm";
import { quizAttempts } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { Forbidden, NotFound } from "../../errors";
import { ATTEMPT_MESSAGES } from "./schemas";

/**
 * The caller's own attempt. Another student's, or another business's, answers exactly like
 * one that does not exist (404 'The requested taken quiz is not found').
 */
export async function loadOwnAttempt(services: AppServices, caller: Caller, takenQuizId: number): Promise<QuizAttempt> {
  if (caller.userType !== "Student") throw new Forbidden(ATTEMPT_MESSAGES.studentsOnly);
  const [attempt] = await services.db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, takenQuizId), eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.studentId, caller.userId)))
    .limit(1);
  if (!attempt) throw new NotFound("taken quiz");
  return attempt;
}
