import type Stripe from "stripe";
import type { PlanInterval } from "../../../db/schema/subscriptions";

/**
 * A plan's product and price at the card provider (ADR 0043). A price in Stripe cannot
 * change its amount or interval: a new amount or interval makes a new price and retires the
 * old one, whose existing subscriptions carry on unchanged ("old subscribers keep theirs").
 */

export interface ProviderPlan {
  planId: number;
  businessId: number;
  title: string;
  description: string;
  status: boolean;
  minorUnits: number;
  currency: string;
  interval: PlanInterval;
}

/** The spec's "quarterly" is Stripe's three months. */
export function recurringOf(interval: PlanInterval): { interval: "day" | "week" | "month" | "year"; interval_count: number } {
  return interval === "quarterly" ? { interval: "month", interval_count: 3 } : { interval, interval_count: 1 };
}

const metadataOf = (plan: ProviderPlan) => ({ planId: String(plan.planId), businessId: String(plan.businessId) });

async function createPrice(stripe: Stripe, productId: string, plan: ProviderPlan): Promise<string> {
  const price = await stripe.prices.create({
    product: productId,
    unit_amount: plan.minorUnits,
    currency: plan.currency,
    recurring: recurringOf(plan.interval),
    metadata: metadataOf(plan),
  });
  return price.id;
}

/** A new plan: its product and first price; answers the price code. */
export async function createProviderPlan(stripe: Stripe, plan: ProviderPlan): Promise<string> {
  const product = await stripe.products.create({
    name: plan.title,
    ...(plan.description ? { description: plan.description } : {}),
    active: plan.status,
    metadata: metadataOf(plan),
  });
  return createPrice(stripe, product.id, plan);
}

/** The product's fields an update changes: only those it was sent, never others as it read them. */
export type ProductFields = Partial<Pick<ProviderPlan, "title" | "description" | "status">>;

/**
 * A changed plan: the product takes the fields sent (`changed.product`); a new amount or
 * interval makes a new price from `plan`.
 */
export async function updateProviderPlan(
  stripe: Stripe,
  priceId: string,
  plan: ProviderPlan,
  changed: { product: ProductFields | null; price: boolean },
): Promise<string> {
  const price = await stripe.prices.retrieve(priceId);
  const productId = typeof price.product === "string" ? price.product : price.product.id;
  if (changed.product) {
    const { title, description, status } = changed.product;
    await stripe.products.update(productId, {
      ...(title !== undefined && { name: title }),
      ...(description !== undefined && { description }),
      ...(status !== undefined && { active: status }),
    });
  }
  if (!changed.price) return priceId;
  const next = await createPrice(stripe, productId, plan);
  await stripe.prices.update(priceId, { active: false });
  return next;
}

/** A deleted plan: its price and product are archived (Stripe keeps products that have prices). */
export async function archiveProviderPlan(stripe: Stripe, priceId: string): Promise<void> {
  const price = await stripe.prices.update(priceId, { active: false });
  const productId = typeof price.product === "string" ? price.product : price.product.id;
  await stripe.products.update(productId, { active: false });
}

/** Takes a price off sale, best effort: one that could not be retired is only an unused price at the provider. */
export async function retirePrice(stripe: Stripe, priceId: string): Promise<void> {
  await stripe.prices.update(priceId, { active: false }).catch(() => undefined);
}
