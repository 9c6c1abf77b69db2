import { and, eq, exists, inArray, isNull, ne, or, type Placeholder, sql, type SQL } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { bound } from "../../../db/prepared-batch";
import type { Db } from "../../../db/client";
import { adminSettings, classStudents, quizAttempts, quizClasses, quizOverrides, quizzes, subscribers, users } from "../../../db/schema";
import type { Quiz } from "../../../db/schema/quizzes";
import { MAX_EPOCH_SECONDS } from "../quizzes/schemas";
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

/**
 * Issue 27 point 2 (ADR 0079): a quiz set for classes is seen only by students of one of them,
 * besides the profile and department rule. A quiz set for no class is everyone's, as before.
 */
export function inQuizClasses(studentId: number | Placeholder): SQL {
  return sql`(not exists (select 1 from ${quizClasses} where ${quizClasses.quizId} = ${quizzes.id})
    or exists (select 1 from ${quizClasses} where ${quizClasses.quizId} = ${quizzes.id} and ${quizClasses.classId} in (select ${classStudents.classId} from ${classStudents} where ${classStudents.userId} = ${studentId})))`;
}

/** "No bound" in the SQL below (the pure rule's null): before any date, after every date. */
const NO_START = -1;
const NO_END = MAX_EPOCH_SECONDS + 1;

/**
 * The student's own window on the quiz, open at `seconds` (inclusive): the SQL twin of
 * quiz-classes/effective-settings.ts for the dates. Each of their classes the quiz is set for
 * gives its date or the quiz's; the earliest start and the latest end win; their override
 * replaces either. For a quiz without classes or override it is the quiz's own rule (spec 4):
 * Published, or DateRange between its dates. Drafts are never open.
 */
function studentWindowOpen(studentId: number | Placeholder, seconds: number | Placeholder): SQL {
  const dateRange = sql`${quizzes.status} = 'DateRange'`;
  const quizStart = sql`(case when ${dateRange} then coalesce(${quizzes.startTimestamp}, ${NO_START}) else ${NO_START} end)`;
  const quizEnd = sql`(case when ${dateRange} then coalesce(${quizzes.endTimestamp}, ${NO_END}) else ${NO_END} end)`;
  const theirClasses = sql`${quizClasses.quizId} = ${quizzes.id} and ${quizClasses.classId} in (select ${classStudents.classId} from ${classStudents} where ${classStudents.userId} = ${studentId})`;
  const override = sql`${quizOverrides.quizId} = ${quizzes.id} and ${quizOverrides.studentId} = ${studentId}`;
  const start = sql`coalesce((select ${quizOverrides.startTimestamp} from ${quizOverrides} where ${override}),
    (select min(coalesce(${quizClasses.startTimestamp}, ${quizStart})) from ${quizClasses} where ${theirClasses}), ${quizStart})`;
  const end = sql`coalesce((select ${quizOverrides.endTimestamp} from ${quizOverrides} where ${override}),
    (select max(coalesce(${quizClasses.endTimestamp}, ${quizEnd})) from ${quizClasses} where ${theirClasses}), ${quizEnd})`;
  return sql`(${quizzes.status} <> 'Draft' and ${start} <= ${seconds} and ${seconds} <= ${end})`;
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

/**
 * The quizzes a student's pool lists: their business, open now for them (their own window,
 * ADR 0079), visible to them (profile, department, classes). Premium is applied on top (premiumAllowed).
 */
export function studentPoolScope(caller: Caller, now: Date): SQL {
  return and(eq(quizzes.businessId, caller.businessId), studentWindowOpen(caller.userId, Math.floor(now.getTime() / 1000)), visibleTo(caller.userId), inQuizClasses(caller.userId))!;
}

const flag = (predicate: SQL) => sql<number>`${predicate}`.mapWith((value) => Number(value) === 1);

/**
 * The student's classes of the quiz or their override exist: only then do they take it with
 * settings other than the quiz's own (ADR 0079), so a start reads them only then.
 */
function hasOwnSettings(studentId: number | Placeholder): SQL {
  return sql`(exists (select 1 from ${quizOverrides} where ${quizOverrides.quizId} = ${quizzes.id} and ${quizOverrides.studentId} = ${studentId})
    or exists (select 1 from ${quizClasses} where ${quizClasses.quizId} = ${quizzes.id} and ${quizClasses.classId} in (select ${classStudents.classId} from ${classStudents} where ${classStudents.userId} = ${studentId})))`;
}

/**
 * A quiz a student may take now, whether a class of theirs or an override gives them settings of
 * their own, and whether anyone has an attempt of it (then its questions no longer change: ADR 0022).
 */
export interface TakeableQuiz {
  quiz: Quiz;
  ownSettings: boolean;
  taken: boolean;
}

/**
 * The quiz a student may take now, or the reason not (the server is the referee,
 * decisions.md): students only; a quiz of another business, a draft, or one hidden from
 * the student's profile or department answers exactly like one that does not exist (404),
 * so nothing about it is confirmed, as is one set for classes the student is not in (ADR 0079);
 * a closed window (the student's own: their classes' or override's dates) is 403; a premium quiz needs a
 * subscription when the owner sells them. One query: the rules are computed beside the row.
 */
export async function loadTakeableQuiz(services: AppServices, caller: Caller, quizId: number): Promise<Quiz> {
  return (await loadTakeableQuizOf(services, caller, quizId)).quiz;
}

/** loadTakeableQuiz with whether the student has settings of their own and whether the quiz is taken, asked in the same statement (issue 25 point 8: a start reads the settings only then, and keeps a taken quiz's paper). */
export async function loadTakeableQuizOf(services: AppServices, caller: Caller, quizId: number): Promise<TakeableQuiz> {
  const { query, values } = takeableQuizRead(services, caller, quizId);
  return takeableQuizOf(caller, await query.all(values));
}

/**
 * loadTakeableQuizOf's statement, for sending with other reads (a start sends it with the
 * student's attempts: start-quiz.ts); takeableQuizOf judges its answer. Students only.
 */
export function takeableQuizRead(services: AppServices, caller: Caller, quizId: number) {
  assertStudent(caller);
  // Every start asks this: built once (db/prepared.ts), the rules above with placeholders.
  const query = prepared(services.db, "loadTakeableQuiz", (db) => {
    const who: Judged = {
      businessId: sql.placeholder("businessId"),
      userId: sql.placeholder("userId"),
      nowMs: sql.placeholder("nowMs"),
      nowSeconds: sql.placeholder("nowSeconds"),
    };
    return db
      .select({
        quiz: quizzes,
        visible: flag(sql`(${visibleTo(who.userId)} and ${inQuizClasses(who.userId)})`),
        open: flag(studentWindowOpen(who.userId, who.nowSeconds)),
        premiumOk: flag(premiumAllowedFor(db, who)),
        ownSettings: flag(hasOwnSettings(who.userId)),
        taken: flag(sql`exists (select 1 from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id})`),
      })
      .from(quizzes)
      .where(and(eq(quizzes.businessId, who.businessId), eq(quizzes.id, sql.placeholder("quizId"))))
      .limit(1)
      .prepare();
  });
  return bound(query, { ...judged(caller, services.now()), quizId });
}

/** The quiz of takeableQuizRead's answer if the student may take it now; else the refusal (see loadTakeableQuiz). */
export function takeableQuizOf(caller: Caller, [found]: Awaited<ReturnType<ReturnType<typeof takeableQuizRead>["query"]["all"]>>): TakeableQuiz {
  if (!found || found.quiz.status === "Draft" || !found.visible) throw new NotFound("quiz");
  assertMayStartQuiz(caller, found);
  return { quiz: found.quiz, ownSettings: found.ownSettings, taken: found.taken };
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
    .where(and(eq(quizzes.businessId, caller.businessId), eq(quizzes.id, quizId), ne(quizzes.status, "Draft"), visibleTo(caller.userId), inQuizClasses(caller.userId)))
    .limit(1);
  return seen !== undefined;
}
