import { and, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { quizAttempts, quizExtraTime, users } from "../../../db/schema";
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError } from "../core/errors";
import { deadlineFor } from "../attempts/deadline";
import { DEADLINE_GRACE_MS } from "../attempts/schemas";
import { assertAuthor, studentAccounts } from "../core/permissions";
import { assertMayChangeQuiz } from "../core/permissions";
import { loadQuiz } from "../quizzes/quiz-queries";
import { studentSettingsOfQuiz } from "../quiz-classes/student-settings";
import { type ExtraTimeEntity, SetExtraTimeInput } from "./schemas";
import { say } from "../message-codes";

/**
 * decisions.md "Extra time": POST /api/quiz/extraTime { quizId, userId, factor }. The quiz's
 * teacher or the owner gives one student of the school more time on one quiz; factor 1
 * takes it away. startQuiz multiplies the quiz's or each question's time by it; an attempt
 * running now is stretched at once (ADR 0027).
 */
export async function setExtraTime(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; entity: ExtraTimeEntity }> {
  assertAuthor(caller);
  const { quizId, userId, factor } = SetExtraTimeInput.parse(input);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayChangeQuiz(caller, quiz.row);
  const [student] = await services.db
    .select({ userId: users.id, fullname: users.fullname, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.businessId, caller.businessId), studentAccounts()));
  if (!student) throw new AppError(404, say("STUDENT_NOT_FOUND"));

  const db = services.db;
  const row = and(eq(quizExtraTime.quizId, quizId), eq(quizExtraTime.studentId, userId));
  const write =
    factor === 1
      ? db.delete(quizExtraTime).where(row)
      : db
          .insert(quizExtraTime)
          .values({ quizId, studentId: userId, factor, grantedBy: caller.userId, createdAt: services.now() })
          .onConflictDoUpdate({ target: [quizExtraTime.quizId, quizExtraTime.studentId], set: { factor, grantedBy: caller.userId, createdAt: services.now() } });
  // The student's own time (their classes' or override's, ADR 0079), as their start decided it.
  const { time } = await studentSettingsOfQuiz(services, userId, quiz.row);
  const stretch = stretchRunningAttempt(services, { ...quiz.row, time }, quiz.counts.questionsCount, userId, factor);
  await (stretch ? db.batch([write, stretch]) : write);
  return { ...say(factor === 1 ? "EXTRA_TIME_REMOVED" : "EXTRA_TIME_SAVED"), entity: { ...student, factor } };
}

/**
 * An attempt the student is taking right now gets the new time too, counted from its own
 * start (never revived once past its deadline and grace): the browser learns the new deadline
 * with its next autosave (saveAnswers answers it) or on resume.
 */
function stretchRunningAttempt(services: AppServices, quiz: Quiz, questionCount: number, studentId: number, factor: number) {
  // The attempt's length with this factor (from a start at 0); none for a quiz without a time limit.
  const lengthMs = deadlineFor(quiz, questionCount, new Date(0), factor)?.getTime();
  if (lengthMs === undefined) return null;
  const lateBefore = new Date(services.now().getTime() - DEADLINE_GRACE_MS);
  return services.db
    .update(quizAttempts)
    // Never past the student's own end (ADR 0079), which their stored deadline holds too.
    .set({ deadlineAt: sql`min(${quizAttempts.startedAt} + ${lengthMs}, coalesce(${quizAttempts.endsAt}, ${quizAttempts.startedAt} + ${lengthMs}))` })
    .where(
      and(
        eq(quizAttempts.quizId, quiz.id),
        eq(quizAttempts.studentId, studentId),
        isNull(quizAttempts.submittedAt),
        isNotNull(quizAttempts.deadlineAt),
        gt(quizAttempts.deadlineAt, lateBefore),
      ),
    );
}

/** The quiz view's form names a student by e-mail; the verb takes their id. */
export async function findStudentIdByEmail(services: AppServices, caller: Caller, email: string): Promise<number | null> {
  const [student] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.businessId, caller.businessId), studentAccounts()));
  return student?.id ?? null;
}
