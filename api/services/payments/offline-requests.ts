import { and, count, eq, type SQL } from "drizzle-orm";
import { adminSettings, offlinePaymentRequests, subscriptionPlans, users } from "../../../db/schema";
import type { OfflinePaymentRequest } from "../../../db/schema/subscriptions";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, NotFound } from "../core/errors";
import { assertMayListOfflineRequests, assertMaySubscribe, ownRowsUnlessOwner } from "../core/permissions";
import { orderBy, pageWindow } from "../listing/list-query";
import { fromMinorUnits } from "./money";
import { cardProviderKeys } from "./payment-settings";
import { OfflineAskInput, OfflineListQuery, type OfflineRequestView } from "./offline-schemas";
import { say } from "../message-codes";

/**
 * Issue 17 point 5 (ADR 0045): a student asks to pay a plan offline, by bank transfer; the
 * owner lists the requests and decides them (offline-decisions.ts).
 */

const requestColumns = { request: offlinePaymentRequests, studentName: users.fullname, studentEmail: users.email };

export function toOfflineRequestView(row: { request: OfflinePaymentRequest; studentName: string; studentEmail: string }): OfflineRequestView {
  const { request } = row;
  return {
    id: request.id,
    planId: request.planId,
    planTitle: request.planTitle,
    price: fromMinorUnits(request.priceCents, request.currency),
    currency: request.currency.toUpperCase(),
    interval: request.interval,
    status: request.status,
    studentId: request.userId,
    studentName: row.studentName,
    studentEmail: row.studentEmail,
    createdAt: request.createdAt.getTime(),
    periodStart: request.periodStart?.getTime() ?? null,
    periodEnd: request.periodEnd?.getTime() ?? null,
    decidedAt: request.decidedAt?.getTime() ?? null,
  };
}

/** One request of the caller's business with its student, or 404 (another business's id answers like a missing one). */
export async function findOfflineRequest(services: AppServices, businessId: number, id: number) {
  const [row] = await services.db
    .select(requestColumns)
    .from(offlinePaymentRequests)
    .innerJoin(users, eq(users.id, offlinePaymentRequests.userId))
    .where(and(eq(offlinePaymentRequests.id, id), eq(offlinePaymentRequests.businessId, businessId)))
    .limit(1);
  if (!row) throw new NotFound("offline payment request");
  return row;
}

/**
 * POST /api/subscriptions/offline { planId }: students only (teachers and the owner pay
 * nothing: 403). The plan must be on offer in the caller's business (else 404, as a plan the
 * student cannot see) while the owner sells subscriptions (else 409). Asking again while a
 * request for the plan is pending answers that request (created: false) instead of a second.
 */
export async function askOfflinePayment(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "OFFLINE_ASKED" | "OFFLINE_ALREADY_ASKED"; entity: OfflineRequestView; created: boolean }> {
  assertMaySubscribe(caller);
  const { planId } = OfflineAskInput.parse(input);
  const db = services.db;
  const [[plan], [setting]] = await db.batch([
    db
      .select()
      .from(subscriptionPlans)
      .where(and(eq(subscriptionPlans.id, planId), eq(subscriptionPlans.businessId, caller.businessId), eq(subscriptionPlans.status, true)))
      .limit(1),
    db.select({ on: adminSettings.enableSubscription }).from(adminSettings).where(eq(adminSettings.businessId, caller.businessId)).limit(1),
  ]);
  if (!plan) throw new NotFound("subscription");
  if (!setting?.on) throw new Conflict(say("OFFLINE_NOT_ON_SALE"));
  const { currency } = await cardProviderKeys(services, caller.businessId);
  // The partial unique index (one Pending per student and plan) settles a double click or a race.
  const [inserted] = await db
    .insert(offlinePaymentRequests)
    .values({
      businessId: caller.businessId,
      userId: caller.userId,
      planId: plan.id,
      planTitle: plan.title,
      priceCents: plan.priceCents,
      currency,
      interval: plan.interval,
      createdAt: services.now(),
    })
    .onConflictDoNothing()
    .returning({ id: offlinePaymentRequests.id });
  const id =
    inserted?.id ??
    (
      await db
        .select({ id: offlinePaymentRequests.id })
        .from(offlinePaymentRequests)
        .where(and(eq(offlinePaymentRequests.userId, caller.userId), eq(offlinePaymentRequests.planId, plan.id), eq(offlinePaymentRequests.status, "Pending")))
        .limit(1)
    )[0]?.id;
  if (id === undefined) throw new Conflict(say("OFFLINE_NOT_PENDING"));
  const row = await findOfflineRequest(services, caller.businessId, id);
  return { ...say(inserted ? "OFFLINE_ASKED" : "OFFLINE_ALREADY_ASKED"), entity: toOfflineRequestView(row), created: Boolean(inserted) };
}

/**
 * GET /api/subscriptions/offline: the owner gets the business's requests, a student their
 * own; teachers have none to see (403). Paged and sorted like the other lists; filter status.
 */
export async function listOfflineRequests(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: OfflineRequestView[] }> {
  assertMayListOfflineRequests(caller);
  const { queryParams } = OfflineListQuery.parse(input);
  const conditions: SQL[] = [eq(offlinePaymentRequests.businessId, caller.businessId)];
  const own = ownRowsUnlessOwner.where(caller, offlinePaymentRequests.userId);
  if (own) conditions.push(own);
  if (queryParams.filter.status) conditions.push(eq(offlinePaymentRequests.status, queryParams.filter.status));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(queryParams);
  const db = services.db;
  const [[{ total }], rows] = await db.batch([
    db.select({ total: count() }).from(offlinePaymentRequests).where(where),
    db
      .select(requestColumns)
      .from(offlinePaymentRequests)
      .innerJoin(users, eq(users.id, offlinePaymentRequests.userId))
      .where(where)
      .orderBy(
        ...orderBy(
          queryParams,
          { createdAt: offlinePaymentRequests.createdAt, status: offlinePaymentRequests.status, studentName: users.fullname, planTitle: offlinePaymentRequests.planTitle },
          offlinePaymentRequests.id,
        ),
      )
      .limit(limit)
      .offset(offset),
  ]);
  return { totalCount: total, entities: rows.map(toOfflineRequestView) };
}
