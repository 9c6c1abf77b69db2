import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { adminSettings, offlinePaymentRequests, subscribers, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, Invalid } from "../core/errors";
import { assertOwner } from "../core/permissions";
import { findOfflineRequest, toOfflineRequestView } from "./offline-requests";
import { MarkPaidInput, MAX_PERIOD_YEARS, OfflineIdInput, type OfflineRequestView, type SchoolDay } from "./offline-schemas";
import { say } from "../message-codes";
import { fromZonedInput, UTC } from "../core/dates";

/**
 * The owner's side of offline payment (ADR 0045): mark a pending request paid for a period,
 * which opens premium until the period's end, or refuse it. Owner only (403 for anyone else).
 */

const MAX_PERIOD_MS = MAX_PERIOD_YEARS * 366 * 24 * 60 * 60 * 1000;

/** Pending → the new status, only if still Pending: of two overlapping decisions one wins, the other is a 409. */
async function decide(services: AppServices, caller: Caller, id: number, values: Partial<typeof offlinePaymentRequests.$inferInsert>) {
  const [claimed] = await services.db
    .update(offlinePaymentRequests)
    .set({ ...values, decidedAt: services.now() })
    .where(and(eq(offlinePaymentRequests.id, id), eq(offlinePaymentRequests.businessId, caller.businessId), eq(offlinePaymentRequests.status, "Pending")))
    .returning({ id: offlinePaymentRequests.id });
  return Boolean(claimed);
}

/**
 * Premium until `periodEnd` for the student: their "manual" subscriber row (the status
 * quiz-access.ts counts as active while current_period_end is ahead) is extended, never
 * shortened, or made. A Stripe subscription of the same student is a row of its own and
 * is left alone; the user's subscription pointer (the session's subscriptionId) is set to
 * the manual row only when it points nowhere, so it never hides a card subscription.
 */
async function grantManualAccess(services: AppServices, businessId: number, userId: number, planId: number | null, periodEnd: Date) {
  const db = services.db;
  const [manual] = await db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.businessId, businessId), eq(subscribers.userId, userId), eq(subscribers.status, "manual")))
    .orderBy(desc(subscribers.id))
    .limit(1);
  let rowId: number;
  if (manual) {
    // max(): a shorter period paid later does not cut one already granted. Stored as epoch ms.
    await db
      .update(subscribers)
      .set({ planId, currentPeriodEnd: sql`max(coalesce(${subscribers.currentPeriodEnd}, 0), ${periodEnd.getTime()})` })
      .where(eq(subscribers.id, manual.id));
    rowId = manual.id;
  } else {
    const [created] = await db
      .insert(subscribers)
      .values({ businessId, userId, planId, status: "manual", currentPeriodEnd: periodEnd, createdAt: services.now() })
      .returning({ id: subscribers.id });
    rowId = created.id;
  }
  await db.update(users).set({ subscriptionId: rowId }).where(and(eq(users.id, userId), isNull(users.subscriptionId)));
}

/**
 * Days the owner typed start at midnight on the school's clock (issue 27 point 6: every date is
 * entered in the school's zone), so access ends when the school's own day begins; a school
 * without a zone yet reads them in UTC, as before. A date-time with an offset is kept as sent.
 */
async function onSchoolClock(services: AppServices, businessId: number, values: (Date | SchoolDay)[]): Promise<Date[]> {
  if (values.every((value) => value instanceof Date)) return values as Date[];
  const [setting] = await services.db.select({ timeZone: adminSettings.timeZone }).from(adminSettings).where(eq(adminSettings.businessId, businessId));
  const zone = setting?.timeZone ?? UTC;
  return values.map((value) => (value instanceof Date ? value : new Date(fromZonedInput(`${value.schoolDay}T00:00`, zone) ?? Date.parse(`${value.schoolDay}T00:00:00Z`))));
}

/** POST /api/subscriptions/offline/markPaid { id, periodStart, periodEnd } (ISO dates). */
export async function markOfflinePaid(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: string; entity: OfflineRequestView }> {
  assertOwner(caller);
  const parsed = MarkPaidInput.parse(input);
  const [periodStart, periodEnd] = await onSchoolClock(services, caller.businessId, [parsed.periodStart, parsed.periodEnd]);
  const { id } = parsed;
  if (periodEnd.getTime() <= periodStart.getTime()) throw new Invalid(say("OFFLINE_PERIOD_ORDER"), { periodEnd: say("OFFLINE_PERIOD_ORDER") });
  if (periodEnd.getTime() - periodStart.getTime() > MAX_PERIOD_MS) throw new Invalid(say("OFFLINE_PERIOD_TOO_LONG"), { periodEnd: say("OFFLINE_PERIOD_TOO_LONG") });
  if (periodEnd.getTime() <= services.now().getTime()) throw new Invalid(say("OFFLINE_PERIOD_OVER"), { periodEnd: say("OFFLINE_PERIOD_OVER") });
  const { request } = await findOfflineRequest(services, caller.businessId, id);
  if (!(await decide(services, caller, id, { status: "Paid", periodStart, periodEnd }))) throw new Conflict(say("OFFLINE_NOT_PENDING"));
  try {
    await grantManualAccess(services, caller.businessId, request.userId, request.planId, periodEnd);
  } catch (error) {
    // No interactive transactions on D1/Turso: a failed grant puts the request back to Pending, so nothing changed.
    await services.db.update(offlinePaymentRequests).set({ status: "Pending", periodStart: null, periodEnd: null, decidedAt: null }).where(eq(offlinePaymentRequests.id, id));
    throw error;
  }
  return { ...say("OFFLINE_MARKED_PAID"), entity: toOfflineRequestView(await findOfflineRequest(services, caller.businessId, id)) };
}

/** POST /api/subscriptions/offline/refuse { id }: a pending request the owner will not confirm. */
export async function refuseOfflineRequest(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: string; entity: OfflineRequestView }> {
  assertOwner(caller);
  const { id } = OfflineIdInput.parse(input);
  await findOfflineRequest(services, caller.businessId, id);
  if (!(await decide(services, caller, id, { status: "Refused" }))) throw new Conflict(say("OFFLINE_NOT_PENDING"));
  return { ...say("OFFLINE_REFUSED"), entity: toOfflineRequestView(await findOfflineRequest(services, caller.businessId, id)) };
}
