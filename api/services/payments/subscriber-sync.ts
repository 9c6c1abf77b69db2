import { and, desc, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { subscribers, subscriptionPlans, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";

/**
 * The one place a card provider subscription becomes a `subscribers` row (ADR 0044): the
 * return from checkout and every webhook go through `subscriberWrite`, always with the
 * subscription as Stripe answers it *now* (retrieved, never taken from an old event), so an
 * event that arrives late or out of order cannot put back an older state.
 */

/** A renewal that failed keeps premium open this long after the period began (Stripe retries meanwhile). */
export const PAST_DUE_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

/** Who a subscription belongs to: set by us as metadata when checkout was created. */
export interface SubscriptionOwner {
  businessId: number;
  userId: number;
}

export interface SubscriberState {
  status: string;
  currentPeriodEnd: Date;
}

function periodOf(subscription: Stripe.Subscription): { start: number; end: number } {
  // API 2025+: the period lives on the items (one item per subscription here).
  const item = subscription.items?.data?.[0] as (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return { start: item?.current_period_start ?? legacy.current_period_start ?? 0, end: item?.current_period_end ?? legacy.current_period_end ?? 0 };
}

/**
 * The row's status and end of access. quiz-access.ts grants premium while the status is
 * active/trialing/past_due/manual and `currentPeriodEnd` is in the future; a past-due
 * subscription's end is therefore its grace end, and an ended one's end is when it ended.
 */
export function subscriberState(subscription: Stripe.Subscription, options: { paymentFailed?: boolean; now?: Date } = {}): SubscriberState {
  const now = options.now ?? new Date();
  const { start, end } = periodOf(subscription);
  const periodEnd = new Date(end * 1000);
  let status: string = subscription.status;
  // A failed invoice may arrive before Stripe marks the subscription past due.
  if (options.paymentFailed && status === "active") status = "past_due";
  if (status === "past_due") {
    const graceEnd = new Date((start ? start * 1000 : now.getTime()) + PAST_DUE_GRACE_MS);
    return { status, currentPeriodEnd: graceEnd < periodEnd ? graceEnd : periodEnd };
  }
  if (status === "active" || status === "trialing") return { status, currentPeriodEnd: periodEnd };
  const endedAt = subscription.ended_at ?? subscription.canceled_at;
  return { status, currentPeriodEnd: endedAt ? new Date(Math.min(endedAt * 1000, now.getTime())) : now };
}

/** Reads our metadata back; null when the subscription is not one this app sold. */
export function ownerFromMetadata(metadata: Stripe.Metadata | null | undefined): SubscriptionOwner | null {
  const businessId = Number(metadata?.businessId);
  const userId = Number(metadata?.userId);
  return Number.isSafeInteger(businessId) && businessId > 0 && Number.isSafeInteger(userId) && userId > 0 ? { businessId, userId } : null;
}

/** The stored owner of a subscription we already know. */
export async function knownOwner(services: AppServices, subscriptionId: string): Promise<SubscriptionOwner | null> {
  const [row] = await services.db
    .select({ businessId: subscribers.businessId, userId: subscribers.userId })
    .from(subscribers)
    .where(eq(subscribers.providerSubscriptionId, subscriptionId))
    .limit(1);
  return row ?? null;
}

/** The user exists in that business (metadata is ours, but never trusted across tenants). */
export async function ownerExists(services: AppServices, owner: SubscriptionOwner): Promise<boolean> {
  const [row] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, owner.userId), eq(users.businessId, owner.businessId)))
    .limit(1);
  return Boolean(row);
}

async function planIdOf(services: AppServices, businessId: number, subscription: Stripe.Subscription): Promise<number | null> {
  const priceId = subscription.items?.data?.[0]?.price?.id;
  if (!priceId) return null;
  const [plan] = await services.db
    .select({ id: subscriptionPlans.id })
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.businessId, businessId), eq(subscriptionPlans.providerPriceCode, priceId)))
    .limit(1);
  return plan?.id ?? null;
}

/**
 * The upsert statement (a builder, so it may go into a D1 batch). Keyed by the provider's
 * subscription id; a row already "canceled" is never revived: Stripe never reactivates a
 * canceled subscription, so anything else arriving for it is old news.
 */
export async function subscriberWrite(
  services: AppServices,
  owner: SubscriptionOwner,
  subscription: Stripe.Subscription,
  options: { paymentFailed?: boolean; checkoutSessionId?: string; now?: Date } = {},
) {
  const state = subscriberState(subscription, options);
  const planId = await planIdOf(services, owner.businessId, subscription);
  const customer = typeof subscription.customer === "string" ? subscription.customer : (subscription.customer?.id ?? null);
  const changes = {
    ...state,
    providerCustomerId: customer,
    ...(planId === null ? {} : { planId }),
    ...(options.checkoutSessionId ? { checkoutSessionId: options.checkoutSessionId } : {}),
  };
  // Wrapped: an async function returning the builder itself would run it (builders are thenables).
  const statement = services.db
    .insert(subscribers)
    .values({ businessId: owner.businessId, userId: owner.userId, planId, providerSubscriptionId: subscription.id, ...changes })
    .onConflictDoUpdate({ target: subscribers.providerSubscriptionId, set: changes, setWhere: ne(subscribers.status, "canceled") })
    .returning({ id: subscribers.id });
  return { statement };
}

/** Days a renewal invoice of a plan without auto charge gives the student to pay. */
export const INVOICE_DAYS_UNTIL_DUE = 3;

/**
 * The plan's auto charge (ADR 0043) at Stripe: Checkout always takes the first period by
 * card; a plan without auto charge then sends its renewals as invoices to pay within
 * INVOICE_DAYS_UNTIL_DUE days. Idempotent: only a subscription not yet so is changed.
 */
export async function applyAutoCharge(services: AppServices, stripe: Stripe, businessId: number, subscription: Stripe.Subscription): Promise<Stripe.Subscription> {
  if (subscription.status === "canceled" || subscription.status === "incomplete_expired") return subscription;
  const planId = await planIdOf(services, businessId, subscription);
  if (planId === null) return subscription;
  const [plan] = await services.db.select({ autoCharge: subscriptionPlans.autoCharge }).from(subscriptionPlans).where(eq(subscriptionPlans.id, planId)).limit(1);
  const wanted = plan?.autoCharge ? "charge_automatically" : "send_invoice";
  if (!plan || subscription.collection_method === wanted) return subscription;
  return stripe.subscriptions.update(subscription.id, wanted === "send_invoice" ? { collection_method: wanted, days_until_due: INVOICE_DAYS_UNTIL_DUE } : { collection_method: wanted });
}

/** Points the user's session field (spec: subscriptionId) at their latest subscription. */
export async function pointUserAtLatestSubscription(services: AppServices, owner: SubscriptionOwner): Promise<number | null> {
  const [latest] = await services.db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(and(eq(subscribers.businessId, owner.businessId), eq(subscribers.userId, owner.userId)))
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id))
    .limit(1);
  const id = latest?.id ?? null;
  await services.db.update(users).set({ subscriptionId: id }).where(and(eq(users.id, owner.userId), eq(users.businessId, owner.businessId)));
  return id;
}
