import { and, eq, exists, inArray, isNull, ne, or, type Placeholder, sql, type SQL } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import type { Db } from "../../../db/client";
import { adminSettings, quizzes, subscribers, users } from "../../../db/schema";
import type { Quiz } from "../../../db/schema/quizzes";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertMayStartQuiz, assertStudent } from "../core/permissions";

/**
 * Who may see and take which quiz, written once as SQL predicates over `quizzes` so the
 * exam's gate (loadTakeableQuiz) and the student's quiz pool (list-student-quizzes.ts)
 * apply the very same rule inside their one query (docs/security.md "Exam integrity").
 */

/** Statuses that grant premium access until current_period_end ("manual": marked paid by the owner; "past_due": its end is the grace end, ADR 0044). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due", "manual"];

/**
 * The student and the moment the rules are judged for: plain values, or the placeholders
 * of a prepared query (loadTakeableQuiz, asked by every start).
 */
interface Judged {
  businessId: number | Placeholder;
  userId: number | Placeholder;
  /** Epoch ms (subscription periods are stored so). */
  nowMs: number | Placeholder;
  /** Epoch seconds (a DateRange quiz's dates are stored so). */
  nowSeconds: number | Placeholder;
}

function judged(caller: Caller, now: Date): Judged {
  return { businessId: caller.businessId, userId: caller.userId, nowMs: now.getTime(), nowSeconds: Math.floor(now.getTime() / 1000) };
}

/** Open now (spec 4): Published, or DateRange between its dates (epoch seconds, inclusive). */
export function openNow(now: Date): SQL {
  return openAt(Math.floor(now.getTime() / 1000));
}

function openAt(seconds: number | Placeholder): SQL {
  return sql`(${quizzes.status} = 'Published' or (${quizzes.status} = 'DateRange' and ${quizzes.startTimestamp} <= ${seconds} and ${seconds} <= ${quizzes.endTimestamp}))`;
}

/**
 * Spec 2.5 visibility: an empty list means everyone; otherwise the student's profile and
 * department must be listed (a student without a department never matches a list).
 */
export function visibleTo(studentId: number | Placeholder): SQL {
  const profile = sql`(select ${users.profile} from ${users} where ${users.id} = ${studentId})`;
  const department = sql`(select ${users.departmentId} from ${users} where ${users.id} = ${studentId})`;
  return sql`((json_array_length(${quizzes.profiles}) = 0 or exists (select 1 from json_each(${quizzes.profiles}) where value = ${profile}))
    and (json_array_length(${quizzes.departments}) = 0 or exists (select 1 from json_each(${quizzes.departments}) where value = ${department})))`;
}

/** The caller holds a subscription that grants premium access now. */
export function hasActiveSubscription(db: Db, caller: Caller, now: Date): SQL {
  return activeSubscription(db, judged(caller, now));
}

function activeSubscription(db: Db, who: Judged): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.businessId, who.businessId),
          eq(subscribers.userId, who.userId),
          inArray(subscribers.status, ACTIVE_SUBSCRIPTION_STATUSES),
          // Compared as stored (epoch ms): a placeholder bypasses the column's Date encoder.
          or(isNull(subscribers.currentPeriodEnd), sql`${subscribers.currentPeriodEnd} > ${who.nowMs}`),
        ),
      ),
  );
}

/** The owner sells subscriptions (admin setting enableSubscription; a missing row means No). */
export function subscriptionsEnabled(db: Db, caller: Caller): SQL {
  return sellsSubscriptions(db, caller.businessId);
}

function sellsSubscriptions(db: Db, businessId: number | Placeholder): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(adminSettings)
      .where(and(eq(adminSettings.businessId, businessId), eq(adminSettings.enableSubscription, true))),
  );
}

/** Premium quizzes are for subscribers only while the owner sells subscriptions. */
export function premiumAllowed(db: Db, caller: Caller, now: Date): SQL {
  return premiumAllowedFor(db, judged(caller, now));
}

function premiumAllowedFor(db: Db, who: Judged): SQL {
  return sql`(${quizzes.isPremium} = 0 or not ${sellsSubscriptions(db, who.businessId)} or ${activeSubscription(db, who)})`;
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
  assertStudent(caller);
  const now = services.now();
  // Every start asks this: built once (db/prepared.ts), the rules above with placeholders.
  const query = prepared(services.db, "loadTakeableQuiz", (db) => {
    const who: Judged = {
      businessId: sql.placeholder("businessId"),
      userId: sql.placeholder("userId"),
      nowMs: sql.placeholder("nowMs"),
      nowSeconds: sql.placeholder("nowSeconds"),
    };
    return db
      .select({ quiz: quizzes, visible: flag(visibleTo(who.userId)), open: flag(openAt(who.nowSeconds)), premiumOk: flag(premiumAllowedFor(db, who)) })
      .from(quizzes)
      .where(and(eq(quizzes.businessId, who.businessId), eq(quizzes.id, sql.placeholder("quizId"))))
      .limit(1)
      .prepare();
  });
  const [found] = await query.all({ ...judged(caller, now), quizId });
  if (!found || found.quiz.status === "Draft" || !found.visible) throw new NotFound("quiz");
  assertMayStartQuiz(caller, found);
  return found.quiz;
}

/**
 * Whether a student sees the quiz `quizId` at all (their business, not a draft, not hidden from
 * their profile or department), whatever its dates: a refusal about a quiz they see may name
 * it; any other id is 404, like every id the caller cannot see (issue 25 point 11). Asked only
 * on refusal paths (rateQuiz, answerAll's quizId), so the verbs cost no extra query.
 */
export async function studentSeesQuiz(services: AppServices, caller: Caller, quizId: number): Promise<boolean> {
  const [seen] = await services.db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId), ne(quizzes.status, "Draft"), visibleTo(caller.userId)))
    .limit(1);
  return seen !== undefined;
}
