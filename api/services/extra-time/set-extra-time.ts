import { and, eq } from "drizzle-orm";
import { quizExtraTime, users } from "../../../db/schema";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { NotFound } from "../../errors";
import { assertAuthor } from "../authoring/permissions";
import { assertMayChangeQuiz } from "../quizzes/quiz-permissions";
import { loadQuiz } from "../quizzes/quiz-queries";
import { EXTRA_TIME_MESSAGES, type ExtraTimeEntity, SetExtraTimeInput } from "./schemas";

/**
 * decisions.md "Extra time": POST /api/quiz/extraTime { quizId, userId, factor }. The quiz's
 * teacher or the owner gives one student of the school more time on one quiz; factor 1
 * takes it away. It counts from the student's next start (startQuiz multiplies the quiz's
 * or each question's time); an attempt already running keeps the deadline it started with
 * (ADR 0027).
 */
export async function setExtraTime(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; entity: ExtraTimeEntity }> {
  assertAuthor(caller);
  const { quizId, userId, factor } = SetExtraTimeInput.parse(input);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayChangeQuiz(caller, quiz.row);
  const [student] = await services.db
    .select({ userId: users.id, fullname: users.fullname, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.businessId, caller.businessId), eq(users.userType, "Student")));
  if (!student) throw new NotFound("student");

  const row = and(eq(quizExtraTime.quizId, quizId), eq(quizExtraTime.studentId, userId));
  if (factor === 1) {
    await services.db.delete(quizExtraTime).where(row);
    return { message: EXTRA_TIME_MESSAGES.removed, entity: { ...student, factor } };
  }
  await services.db
    .insert(quizExtraTime)
    .values({ quizId, studentId: userId, factor, grantedBy: caller.userId, createdAt: services.now() })
    .onConflictDoUpdate({ target: [quizExtraTime.quizId, quizExtraTime.studentId], set: { factor, grantedBy: caller.userId, createdAt: services.now() } });
  return { message: EXTRA_TIME_MESSAGES.saved, entity: { ...student, factor } };
}

/** The quiz view's form names a student by e-mail; the verb takes their id. */
export async function findStudentIdByEmail(services: AppServices, caller: Caller, email: string): Promise<number | null> {
  const [student] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.businessId, caller.businessId), eq(users.userType, "Student")));
  return student?.id ?? null;
}
