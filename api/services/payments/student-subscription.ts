import { and, desc, eq, isNotNull } from "drizzle-orm";
import { subscribers, subscriptionPlans } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { activeSubscriberOf } from "./checkout";
import { getPaymentSettings } from "./payment-settings";
import { listPlans } from "./plans";
import type { PlanView } from "./schemas";

export interface StudentSubscriptionView {
  /** Why a student cannot subscribe now, or null when they can. */
  off: "disabled" | null;
  /**
   * The school takes cards (a card secret key is set). Without it the plans are still on offer,
   * paid by bank transfer only (offline payment, issue 25 point 4); a plan with no provider
   * price (`priceId` null) is bank transfer only too.
   */
  cardPayments: boolean;
  currency: string;
  plans: PlanView[];
  /** The subscription that opens premium now. */
  current: { planTitle: string | null; status: string; currentPeriodEnd: string | null } | null;
  /** The student has a card provider customer: the billing portal can open. */
  canManageBilling: boolean;
}

/** What the student's subscription page shows (spec 2.4), from the same verbs as the API. */
export async function studentSubscriptionView(services: AppServices, caller: Caller): Promise<StudentSubscriptionView> {
  const settings = await getPaymentSettings(services, caller);
  const off = settings.enableSubscription !== "Yes" ? "disabled" : null;
  const cardPayments = settings.STRIPE_SECRET_KEY_SET;
  const [plans, active, [customer]] = await Promise.all([
    off ? Promise.resolve({ entities: [] as PlanView[] }) : listPlans(services, caller),
    activeSubscriberOf(services, caller),
    services.db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(and(eq(subscribers.businessId, caller.businessId), eq(subscribers.userId, caller.userId), isNotNull(subscribers.providerCustomerId)))
      .orderBy(desc(subscribers.id))
      .limit(1),
  ]);
  let planTitle: string | null = null;
  if (active?.planId) {
    const [plan] = await services.db.select({ title: subscriptionPlans.title }).from(subscriptionPlans).where(eq(subscriptionPlans.id, active.planId)).limit(1);
    planTitle = plan?.title ?? null;
  }
  return {
    off,
    cardPayments,
    currency: settings.CURRENCY,
    plans: plans.entities,
    current: active ? { planTitle, status: active.status, currentPeriodEnd: active.currentPeriodEnd?.toISOString() ?? null } : null,
    canManageBilling: Boolean(customer) && !off && cardPayments,
  };
}
