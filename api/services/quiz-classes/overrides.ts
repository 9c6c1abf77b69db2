import { and, asc, eq } from "drizzle-orm";
import { quizOverrides, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError, Invalid } from "../core/errors";
import { assertAuthor, assertMayOverrideQuiz, mayHaveOverride } from "../core/permissions";
import { say } from "../message-codes";
import { loadQuiz } from "../quizzes/quiz-queries";
import { DeleteOverrideInput, type OverrideEntity, OverrideListInput, overrideSettingColumns, SetOverrideInput } from "./override-schemas";

/**
 * Per-student overrides (issue 27 point 2, ADR 0079; Moodle's user overrides): the quiz's
 * teacher or the owner gives one student of the school their own dates, time or attempts.
 * They count from the student's next start (settings are decided at start and kept on the
 * attempt); they reach nobody else, so a closed quiz stays closed for every other student.
 */

/** The quiz (of the caller's business, else 404) and the right to change it (else 403). */
async function overridableQuiz(services: AppServices, caller: Caller, quizId: number) {
  assertAuthor(caller);
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayOverrideQuiz(caller, quiz.row);
  return quiz.row;
}

/** POST /api/quiz/override: saves (replaces) the student's override. */
export async function setOverride(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; entity: OverrideEntity }> {
  const { quizId, userId, ...settings } = SetOverrideInput.parse(input);
  await overridableQuiz(services, caller, quizId);
  const [account] = await services.db
    .select({ userId: users.id, fullname: users.fullname, email: users.email, userType: users.userType, profile: users.profile })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.businessId, caller.businessId)));
  // Another school's account reads as one never made.
  if (!account) throw new AppError(404, say("STUDENT_NOT_FOUND"));
  if (!mayHaveOverride(account)) throw new Invalid(say("OVERRIDE_NOT_A_STUDENT"), { userId: say("OVERRIDE_NOT_A_STUDENT") });

  const row = {
    startTimestamp: settings.startDate ?? null,
    endTimestamp: settings.endDate ?? null,
    time: settings.time ?? null,
    attemptsAllowed: settings.attemptsAllowed ?? null,
    setBy: caller.userId,
    createdAt: services.now(),
  };
  await services.db
    .insert(quizOverrides)
    .values({ quizId, studentId: userId, ...row })
    .onConflictDoUpdate({ target: [quizOverrides.quizId, quizOverrides.studentId], set: row });
  return {
    ...say("OVERRIDE_SAVED"),
    entity: { quizId, userId, fullname: account.fullname, email: account.email, startDate: row.startTimestamp, endDate: row.endTimestamp, time: row.time, attemptsAllowed: row.attemptsAllowed },
  };
}

/** POST /api/quiz/override/list: the quiz's overrides, by student name. */
export async function listOverrides(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: OverrideEntity[] }> {
  const { quizId } = OverrideListInput.parse(input);
  await overridableQuiz(services, caller, quizId);
  const entities = await services.db
    .select({ quizId: quizOverrides.quizId, userId: users.id, fullname: users.fullname, email: users.email, ...overrideSettingColumns })
    .from(quizOverrides)
    .innerJoin(users, eq(users.id, quizOverrides.studentId))
    .where(eq(quizOverrides.quizId, quizId))
    .orderBy(asc(users.fullname), asc(users.id));
  return { totalCount: entities.length, entities };
}

/** POST /api/quiz/override/delete: the student takes the quiz with their classes' settings again. */
export async function deleteOverride(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string }> {
  const { quizId, userId } = DeleteOverrideInput.parse(input);
  await overridableQuiz(services, caller, quizId);
  const deleted = await services.db
    .delete(quizOverrides)
    .where(and(eq(quizOverrides.quizId, quizId), eq(quizOverrides.studentId, userId)))
    .returning({ userId: quizOverrides.studentId });
  if (deleted.length === 0) throw new AppError(404, say("OVERRIDE_NOT_FOUND"));
  return say("OVERRIDE_DELETED");
}
