import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { subscribers, subscriptionPlans } from "../../../db/schema";
import { getAdminSetting } from "../admin-settings/get-admin-setting";
import { loadSessionUser } from "../auth/load-session-user";
import type { SessionUser } from "../auth/types";
import { ACTIVE_SUBSCRIPTION_STATUSES } from "../attempts/quiz-access";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError, Conflict, Invalid } from "../core/errors";
import { cardProviderKeys } from "./payment-settings";
import { isMissingAtProvider, stripeClient, withProvider } from "./stripe-client";
import { applyAutoCharge, ownerFromMetadata, pointUserAtLatestSubscription, subscriberWrite } from "./subscriber-sync";
import { assertMaySubscribe, assertOwnCheckoutSession } from "../core/permissions";
import { say } from "../message-codes";

/** Where the student's subscription page lives; Stripe fills {CHECKOUT_SESSION_ID} in. */
export function subscriptionPageUrl(services: AppServices): string {
  return `${services.config.appUrl}/quiz/student/subscription`;
}

/** The card provider client when the business sells subscriptions now; otherwise a 409 saying why. */
async function sellingProvider(services: AppServices, caller: Caller) {
  const [keys, setting] = await Promise.all([cardProviderKeys(services, caller.businessId), getAdminSetting(services, caller)]);
  if (!keys.secretKey) throw new Conflict(say("PAYMENT_SECRET_KEY_MISSING"));
  if (setting.enableSubscription !== "Yes") throw new Conflict(say("SUBSCRIPTIONS_OFF"));
  return stripeClient(services, keys.secretKey);
}

/** The caller's subscription that opens premium now, if any (the same rule as quiz-access.ts). */
export async function activeSubscriberOf(services: AppServices, caller: Caller) {
  const [row] = await services.db
    .select()
    .from(subscribers)
    .where(
      and(
        eq(subscribers.businessId, caller.businessId),
        eq(subscribers.userId, caller.userId),
        inArray(subscribers.status, ACTIVE_SUBSCRIPTION_STATUSES),
        sql`(${subscribers.currentPeriodEnd} is null or ${subscribers.currentPeriodEnd} > ${Date.now()})`,
      ),
    )
    .orderBy(desc(subscribers.id))
    .limit(1);
  return row ?? null;
}

/** The caller's card provider customer (from their latest card subscription), if any. */
async function customerOf(services: AppServices, caller: Caller): Promise<string | null> {
  const [row] = await services.db
    .select({ customer: subscribers.providerCustomerId })
    .from(subscribers)
    .where(and(eq(subscribers.businessId, caller.businessId), eq(subscribers.userId, caller.userId), isNotNull(subscribers.providerCustomerId)))
    .orderBy(desc(subscribers.id))
    .limit(1);
  return row?.customer ?? null;
}

/**
 * POST /api/subscriptions/create-checkout-session { priceId }: a Stripe Checkout session for
 * a plan on offer, tied to the caller (client_reference_id and metadata, read back on return
 * and by the webhooks). Answers the page to send the student to.
 */
export async function createCheckoutSession(services: AppServices, caller: Caller, input: unknown): Promise<{ url: string }> {
  assertMaySubscribe(caller);
  const priceId = typeof input === "object" && input !== null ? (input as { priceId?: unknown }).priceId : undefined;
  if (typeof priceId !== "string" || priceId.trim() === "" || priceId.length > 255) throw new Invalid("priceId is required", { priceId: "priceId is required" });
  const stripe = await sellingProvider(services, caller);
  const [plan] = await services.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.businessId, caller.businessId), eq(subscriptionPlans.providerPriceCode, priceId.trim()), eq(subscriptionPlans.status, true)))
    .limit(1);
  if (!plan?.providerPriceCode) throw new AppError(404, say("PLAN_NOT_ON_OFFER"));
  if (await activeSubscriberOf(services, caller)) throw new Conflict(say("ALREADY_SUBSCRIBED"));
  const [customer, user] = await Promise.all([customerOf(services, caller), loadSessionUser(services, caller.userId)]);
  const metadata = { businessId: String(caller.businessId), userId: String(caller.userId), planId: String(plan.id) };
  const page = subscriptionPageUrl(services);
  const session = await withProvider(() =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: plan.providerPriceCode!, quantity: 1 }],
      client_reference_id: String(caller.userId),
      metadata,
      subscription_data: { metadata },
      ...(customer ? { customer } : user ? { customer_email: user.email } : {}),
      success_url: `${page}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: page,
    }),
  );
  if (!session.url) throw new AppError(503, "The card provider did not answer a checkout page");
  return { url: session.url };
}

/**
 * GET /api/subscriptions/subscriber?sessionId=: the return from checkout. The query is only a
 * pointer: the session is read from Stripe, must be the caller's and paid; then the
 * subscription (as Stripe has it now) is stored and the user points at it.
 */
export async function confirmCheckout(services: AppServices, caller: Caller, sessionId: unknown): Promise<{ user: SessionUser | null; subscriptionId: string | null }> {
  if (typeof sessionId !== "string" || !/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) throw new Invalid(say("CHECKOUT_SESSION_NOT_FOUND"), { sessionId: say("CHECKOUT_SESSION_NOT_FOUND") });
  const keys = await cardProviderKeys(services, caller.businessId);
  if (!keys.secretKey) throw new Conflict(say("PAYMENT_SECRET_KEY_MISSING"));
  const stripe = stripeClient(services, keys.secretKey);
  const session = await withProvider(async () => {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissingAtProvider(error)) throw new AppError(404, say("CHECKOUT_SESSION_NOT_FOUND"));
      throw error;
    }
  });
  const owner = assertOwnCheckoutSession(caller, { clientReferenceId: session.client_reference_id, startedBy: ownerFromMetadata(session.metadata) });
  const paid = session.status === "complete" && (session.payment_status === "paid" || session.payment_status === "no_payment_required");
  const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
  if (!paid || !subscriptionId) throw new Conflict(say("CHECKOUT_NOT_PAID"));
  const subscription = await withProvider(async () => applyAutoCharge(services, stripe, owner.businessId, await stripe.subscriptions.retrieve(subscriptionId)));
  await (await subscriberWrite(services, owner, subscription, { checkoutSessionId: session.id })).statement;
  const latest = await pointUserAtLatestSubscription(services, owner);
  return { user: await loadSessionUser(services, caller.userId), subscriptionId: latest === null ? null : String(latest) };
}

/** GET /api/subscriptions/manage_billing: a billing portal session for the caller's customer. */
export async function manageBilling(services: AppServices, caller: Caller): Promise<{ url: string }> {
  const customer = await customerOf(services, caller);
  if (!customer) throw new AppError(404, say("NO_BILLING_ACCOUNT"));
  const keys = await cardProviderKeys(services, caller.businessId);
  if (!keys.secretKey) throw new Conflict(say("PAYMENT_SECRET_KEY_MISSING"));
  const stripe = stripeClient(services, keys.secretKey);
  const portal = await withProvider(() => stripe.billingPortal.sessions.create({ customer, return_url: subscriptionPageUrl(services) }));
  return { url: portal.url };
}
