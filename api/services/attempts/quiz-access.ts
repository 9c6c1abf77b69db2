import { and, eq, exists, gt, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { adminSettings, quizzes, subscribers, users } from "../../../db/schema";
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { Forbidden, NotFound } from "../../errors";
import { ATTEMPT_MESSAGES } from "./schemas";

/**
 * Who may see and take which quiz, written once as SQL predicates over `quizzes` so the
 * exam's gate (loadTakeableQuiz) and the student's quiz pool (list-student-quizzes.ts)
 * apply the very same rule inside their one query (docs/security.md "Exam integrity").
 */

/** Provider statuses that grant premium access ("manual": marked paid by the owner). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "manual"];

/** Open now (spec 4): Published, or DateRange between its dates (epoch seconds, inclusive). */
export function openNow(now: Date): SQL {
  const seconds = Math.floor(now.getTime() / 1000);
  return sql`(${quizzes.status} = 'Published' or (${quizzes.status} = 'DateRange' and ${quizzes.startTimestamp} <= ${seconds} and ${seconds} <= ${quizzes.endTimestamp}))`;
}

/**
 * Spec 2.5 visibility: an empty list means everyone; otherwise the student's profile and
 * department must be listed (a student without a department never matches a list).
 */
export function visibleTo(studentId: number): SQL {
  const profile = sql`(select ${users.profile} from ${users} where ${users.id} = ${studentId})`;
  const department = sql`(select ${users.departmentId} from ${users} where ${users.id} = ${studentId})`;
  return sql`((json_array_length(${quizzes.profiles}) = 0 or exists (select 1 from json_each(${quizzes.profiles}) where value = ${profile}))
    and (json_array_length(${quizzes.departments}) = 0 or exists (select 1 from json_each(${quizzes.departments}) where value = ${department})))`;
}

/** The caller holds a subscription that grants premium access now. */
export function hasActiveSubscription(db: Db, caller: Caller, now: Date): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.businessId, caller.businessId),
          eq(subscribers.userId, caller.userId),
          inArray(subscribers.status, ACTIVE_SUBSCRIPTION_STATUSES),
          or(isNull(subscribers.currentPeriodEnd), gt(subscribers.currentPeriodEnd, now)),
        ),
      ),
  );
}

/** The owner sells subscriptions (admin setting enableSubscription; a missing row means No). */
export function subscriptionsEnabled(db: Db, caller: Caller): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(adminSettings)
      .where(and(eq(adminSettings.businessId, caller.businessId), eq(adminSettings.enableSubscription, true))),
  );
}

/** Premium quizzes are for subscribers only while the owner sells subscriptions. */
export function premiumAllowed(db: Db, caller: Caller, now: Date): SQL {
  return sql`(${quizzes.isPremium} = 0 or not ${subscriptionsEnabled(db, caller)} or ${hasActiveSubscription(db, caller, now)})`;
}

/** The quizzes a student's pool lists: their business, open now, visible to them. Premium is applied on top (premiumAllowed). */
export function studentPoolScope(caller: Caller, now: Date): SQL {
  return and(eq(quizzes.businessId, caller.businessId), openNow(now), visibleTo(caller.userId))!;
}

const flag = (predicate: SQL) => sql<number>`${predicate}`.mapWith((value) => Number(value) === 1);

/**
 * The quiz a student may take now, or the reason not (the server is the referee,
 * decisions.md): students only; a quiz of another business, a draft, or one hidden from
 * the student's profile or department answers exactly like one that does not exist (404),
 * so nothing about it is confirmed; a closed date window is 403; a premium quiz needs a
 * subscription when the owner sells them. One query: the rules are computed beside the row.
 */
export async function loadTakeableQuiz(services: AppServices, caller: Caller, quizId: number): Promise<Quiz> {
  if (caller.userType !== "Student") throw new Forbidden(ATTEMPT_MESSAGES.studentsOnly);
  const db = services.db;
  const now = services.now();
  const [found] = await db
    .select({ quiz: quizzes, visible: flag(visibleTo(caller.userId)), open: flag(openNow(now)), premiumOk: flag(premiumAllowed(db, caller, now)) })
    .from(quizzes)
    .where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId)))
    .limit(1);
  if (!found || found.quiz.status === "Draft" || !found.visible) throw new NotFound("quiz");
  if (!found.open) throw new Forbidden(ATTEMPT_MESSAGES.notOpen);
  if (!found.premiumOk) throw new Forbidden(ATTEMPT_MESSAGES.premiumOnly);
  return found.quiz;
}
