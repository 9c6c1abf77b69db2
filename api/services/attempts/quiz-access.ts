import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { quizzes, subscribers, users } from "../../../db/schema";
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { Forbidden, NotFound } from "../../errors";
import { getAdminSetting } from "../admin-settings/get-admin-setting";
import { ATTEMPT_MESSAGES } from "./schemas";

/** Provider statuses that grant premium access ("manual": marked paid by the owner). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "manual"];

/** Whether a quiz is open now (spec 4: Published, or DateRange between its dates, in epoch seconds). */
export function isOpen(quiz: Pick<Quiz, "status" | "startTimestamp" | "endTimestamp">, now: Date): boolean {
  if (quiz.status === "Published") return true;
  if (quiz.status !== "DateRange" || quiz.startTimestamp === null || quiz.endTimestamp === null) return false;
  const seconds = Math.floor(now.getTime() / 1000);
  return quiz.startTimestamp <= seconds && seconds <= quiz.endTimestamp;
}

/** Spec 2.5 visibility: an empty list means everyone; otherwise the student's profile and department must be listed. */
export function isVisibleTo(quiz: Pick<Quiz, "profiles" | "departments">, student: { profile: number; departmentId: number | null }): boolean {
  const profileOk = quiz.profiles.length === 0 || quiz.profiles.includes(student.profile);
  const departmentOk = quiz.departments.length === 0 || (student.departmentId !== null && quiz.departments.includes(student.departmentId));
  return profileOk && departmentOk;
}

/**
 * The quiz a student may take now, or the reason not (the server is the referee,
 * decisions.md): students only; a quiz of another business, a draft, or one hidden from
 * the student's profile or department answers exactly like one that does not exist (404),
 * so nothing about it is confirmed; a closed date window is 403; a premium quiz needs a
 * subscription when the owner sells them. One batch of reads.
 */
export async function loadTakeableQuiz(services: AppServices, caller: Caller, quizId: number): Promise<Quiz> {
  if (caller.userType !== "Student") throw new Forbidden(ATTEMPT_MESSAGES.studentsOnly);
  const db = services.db;
  const now = services.now();
  const [[quiz], [student], subscriptions] = await db.batch([
    db.select().from(quizzes).where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId))).limit(1),
    db.select({ profile: users.profile, departmentId: users.departmentId }).from(users).where(eq(users.id, caller.userId)).limit(1),
    db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.businessId, caller.businessId),
          eq(subscribers.userId, caller.userId),
          inArray(subscribers.status, ACTIVE_SUBSCRIPTION_STATUSES),
          or(isNull(subscribers.currentPeriodEnd), gt(subscribers.currentPeriodEnd, now)),
        ),
      )
      .limit(1),
  ]);
  if (!quiz || !student || quiz.status === "Draft" || !isVisibleTo(quiz, student)) throw new NotFound("quiz");
  if (!isOpen(quiz, now)) throw new Forbidden(ATTEMPT_MESSAGES.notOpen);
  if (quiz.isPremium && subscriptions.length === 0) {
    const policy = await getAdminSetting(services, caller);
    if (policy.enableSubscription === "Yes") throw new Forbidden(ATTEMPT_MESSAGES.premiumOnly);
  }
  return quiz;
}
