import { and, asc, eq, isNull } from "drizzle-orm";
import { subscriptionPlans } from "../../../db/schema";
import type { SubscriptionPlan } from "../../../db/schema/subscriptions";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, Invalid, NotFound } from "../core/errors";
import { assertOwner, mayManagePayments } from "../core/permissions";
import { fromMinorUnits, toMinorUnits } from "./money";
import { cardProviderKeys } from "./card-keys";
import { archiveProviderPlan, createProviderPlan, type ProductFields, type ProviderPlan, retirePrice, updateProviderPlan } from "./plan-provider";
import { PlanIdInput, PlanInput, PlanUpdateInput, type PlanView } from "./schemas";
import { isMissingAtProvider, stripeClient, withProvider } from "./stripe-client";
import { say } from "../message-codes";

/** The one mapping between a stored plan and the API's Subscription (spec 3). */
export function toPlanView(row: SubscriptionPlan, currency: string): PlanView {
  return {
    id: row.id,
    title: row.title,
    price: fromMinorUnits(row.priceCents, currency),
    currency: currency.toUpperCase(),
    interval: row.interval,
    description: row.description,
    status: row.status,
    auto_charge: row.autoCharge,
    priceId: row.providerPriceCode,
  };
}

/**
 * GET /api/subscriptions: the owner sees every plan; anyone else of the business only the
 * plans on offer (the student's subscription page, next slice of issue 17).
 */
export async function listPlans(services: AppServices, caller: Caller): Promise<{ totalCount: number; entities: PlanView[] }> {
  const { currency } = await cardProviderKeys(services, caller.businessId);
  const rows = await services.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.businessId, caller.businessId), mayManagePayments(caller) ? undefined : eq(subscriptionPlans.status, true)))
    .orderBy(asc(subscriptionPlans.createdAt), asc(subscriptionPlans.id));
  return { totalCount: rows.length, entities: rows.map((row) => toPlanView(row, currency)) };
}

/**
 * The owner's provider client, or null without a card secret key: plans are then sold by
 * bank transfer only and have no provider price until a key is saved (issue 25, point 4).
 */
async function ownersProvider(services: AppServices, caller: Caller) {
  assertOwner(caller);
  const keys = await cardProviderKeys(services, caller.businessId);
  return { stripe: keys.secretKey ? stripeClient(services, keys.secretKey) : null, currency: keys.currency };
}

function minorUnitsOf(price: number, currency: string): number {
  const minor = toMinorUnits(price, currency);
  if (minor === null) throw new Invalid(say("PLAN_PRICE_DECIMALS"), { price: say("PLAN_PRICE_DECIMALS") });
  return minor;
}

async function ownedPlan(services: AppServices, caller: Caller, id: number): Promise<SubscriptionPlan> {
  const [row] = await services.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new NotFound("subscription");
  return row;
}

/** POST /api/subscriptions: the plan, its product and its price at the provider. */
export async function createPlan(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: string; entity: PlanView }> {
  assertOwner(caller);
  const values = PlanInput.parse(input);
  const { stripe, currency } = await ownersProvider(services, caller);
  const minorUnits = minorUnitsOf(values.price, currency);
  const [created] = await services.db
    .insert(subscriptionPlans)
    .values({
      businessId: caller.businessId,
      title: values.title,
      priceCents: minorUnits,
      interval: values.interval,
      description: values.description ?? "",
      status: values.status ?? true,
      autoCharge: values.auto_charge ?? false,
    })
    .returning();
  // Without card keys the plan is offline only: no provider price until a key is saved.
  if (!stripe) return { ...say("PLAN_CREATED"), entity: toPlanView(created, currency) };
  let priceId: string;
  try {
    priceId = await withProvider(() => createProviderPlan(stripe, providerPlanOf(created, currency)));
  } catch (error) {
    // No interactive transactions on D1/Turso (db/client.ts): a provider failure takes the new row back out, so nothing changes.
    await services.db.delete(subscriptionPlans).where(eq(subscriptionPlans.id, created.id));
    throw error;
  }
  const [row] = await services.db.update(subscriptionPlans).set({ providerPriceCode: priceId }).where(eq(subscriptionPlans.id, created.id)).returning();
  return { ...say("PLAN_CREATED"), entity: toPlanView(row, currency) };
}

/** PUT /api/subscriptions: the fields sent change; the toggles send one field each. */
export async function updatePlan(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: string; entity: PlanView }> {
  assertOwner(caller);
  const values = PlanUpdateInput.parse(input);
  const current = await ownedPlan(services, caller, values.id);
  const { stripe, currency } = await ownersProvider(services, caller);
  const next: SubscriptionPlan = {
    ...current,
    title: values.title ?? current.title,
    description: values.description ?? current.description,
    status: values.status ?? current.status,
    autoCharge: values.auto_charge ?? current.autoCharge,
    interval: values.interval ?? current.interval,
    priceCents: values.price === undefined ? current.priceCents : minorUnitsOf(values.price, currency),
  };
  // Only the fields sent are written, at the provider and here: two switches flipped at once
  // each send one field, and the one waiting on the provider must not write back the other's
  // value as it read it (neither to the product nor to the row).
  const sent: Partial<SubscriptionPlan> = {
    ...(values.title !== undefined && { title: next.title }),
    ...(values.description !== undefined && { description: next.description }),
    ...(values.status !== undefined && { status: next.status }),
    ...(values.auto_charge !== undefined && { autoCharge: next.autoCharge }),
    ...(values.interval !== undefined && { interval: next.interval }),
    ...(values.price !== undefined && { priceCents: next.priceCents }),
  };
  const productChanged = next.title !== current.title || next.description !== current.description || next.status !== current.status;
  const changed = {
    product: productChanged ? productFieldsOf(sent) : null,
    price: next.priceCents !== current.priceCents || next.interval !== current.interval || !current.providerPriceCode,
  };
  let priceId = current.providerPriceCode;
  // A plan sold at the provider cannot change there without its key; an offline-only one changes in the database alone.
  if (!stripe && current.providerPriceCode && (changed.product || changed.price)) throw new Conflict(say("PAYMENT_SECRET_KEY_MISSING"));
  if (stripe && (changed.product || changed.price)) {
    const plan = providerPlanOf(next, currency);
    priceId = await withProvider(() => (current.providerPriceCode ? updateProviderPlan(stripe, current.providerPriceCode, plan, changed) : createProviderPlan(stripe, plan)));
  }
  // Written only if nobody else gave the plan another price meanwhile: two overlapping price
  // changes would otherwise leave one of their new provider prices on sale with no plan.
  const [row] = await services.db
    .update(subscriptionPlans)
    .set({ ...sent, providerPriceCode: priceId })
    .where(
      and(
        eq(subscriptionPlans.id, current.id),
        eq(subscriptionPlans.businessId, caller.businessId),
        current.providerPriceCode === null ? isNull(subscriptionPlans.providerPriceCode) : eq(subscriptionPlans.providerPriceCode, current.providerPriceCode),
      ),
    )
    .returning();
  if (!row) {
    if (stripe && priceId && priceId !== current.providerPriceCode) await retirePrice(stripe, priceId);
    throw new Conflict(say("PLAN_CHANGED_MEANWHILE"));
  }
  return { ...say("PLAN_UPDATED"), entity: toPlanView(row, currency) };
}

/**
 * DELETE /api/subscriptions/{id}: the plan goes, its provider price and product are archived.
 * Running subscriptions carry on at the provider until they end (their subscriber rows lose
 * the plan link). Without a key, or when the provider no longer knows the price, only the row goes.
 */
export async function deletePlan(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; code: "PLAN_DELETED" }> {
  assertOwner(caller);
  const { id } = PlanIdInput.parse(input);
  const plan = await ownedPlan(services, caller, id);
  const keys = await cardProviderKeys(services, caller.businessId);
  if (keys.secretKey && plan.providerPriceCode) {
    const stripe = stripeClient(services, keys.secretKey);
    const priceId = plan.providerPriceCode;
    await withProvider(async () => {
      try {
        await archiveProviderPlan(stripe, priceId);
      } catch (error) {
        if (!isMissingAtProvider(error)) throw error;
      }
    });
  }
  await services.db.delete(subscriptionPlans).where(and(eq(subscriptionPlans.id, plan.id), eq(subscriptionPlans.businessId, caller.businessId)));
  return say("PLAN_DELETED");
}

/**
 * After a card key is saved and accepted: each plan made without one (offline only) gets its
 * product and price at the provider, so it can be sold by card too. Written only if the plan
 * still has no price (a concurrent edit that gave it one wins; the spare price is retired). A
 * provider failure stops here and leaves the rest offline only: the plans table says so, and
 * saving the key again, or editing the plan, retries.
 */
export async function giveProviderPricesToOfflinePlans(services: AppServices, caller: Caller): Promise<void> {
  const { stripe, currency } = await ownersProvider(services, caller);
  if (!stripe) return;
  const offline = await services.db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.businessId, caller.businessId), isNull(subscriptionPlans.providerPriceCode)))
    .orderBy(asc(subscriptionPlans.id));
  for (const plan of offline) {
    const priceId = await withProvider(() => createProviderPlan(stripe, providerPlanOf(plan, currency))).catch(() => null);
    if (!priceId) return;
    const [row] = await services.db
      .update(subscriptionPlans)
      .set({ providerPriceCode: priceId })
      .where(and(eq(subscriptionPlans.id, plan.id), isNull(subscriptionPlans.providerPriceCode)))
      .returning({ id: subscriptionPlans.id });
    if (!row) await retirePrice(stripe, priceId);
  }
}

/** The product's fields among those an update was sent (the rest stay as the provider has them). */
function productFieldsOf(sent: Partial<SubscriptionPlan>): ProductFields {
  return {
    ...(sent.title !== undefined && { title: sent.title }),
    ...(sent.description !== undefined && { description: sent.description }),
    ...(sent.status !== undefined && { status: sent.status }),
  };
}

function providerPlanOf(row: SubscriptionPlan, currency: string): ProviderPlan {
  return {
    planId: row.id,
    businessId: row.businessId,
    title: row.title,
    description: row.description,
    status: row.status,
    minorUnits: row.priceCents,
    currency,
    interval: row.interval,
  };
}
