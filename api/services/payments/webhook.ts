import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { paymentEvents } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { AppError } from "../core/errors";
import { cardProviderKeys } from "./payment-settings";
import { isMissingAtProvider, stripeClient } from "./stripe-client";
import { applyAutoCharge, knownOwner, ownerExists, ownerFromMetadata, pointUserAtLatestSubscription, type SubscriptionOwner, subscriberWrite } from "./subscriber-sync";
import { say } from "../message-codes";

/** Stripe's own default: a signature older than this is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// Web Crypto (HMAC-SHA-256 through crypto.subtle): the same code on Node and Workers.
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** The events this app acts on; any other is acknowledged and recorded. */
const HANDLED = new Set(["checkout.session.completed", "customer.subscription.updated", "customer.subscription.deleted", "customer.subscription.created", "invoice.paid", "invoice.payment_failed"]);

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

/** Verifies the signature on the exact bytes Stripe sent; anything else is a 400 and changes nothing. */
export async function verifyWebhook(services: AppServices, rawBody: string, signature: string | undefined): Promise<Stripe.Event> {
  const secret = services.config.stripe.webhookSecret;
  if (!secret) throw new AppError(503, say("WEBHOOK_NOT_CONFIGURED"));
  if (!signature) throw new AppError(400, say("WEBHOOK_SIGNATURE_INVALID"));
  try {
    return await Stripe.webhooks.constructEventAsync(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider);
  } catch {
    // The library's message is not forwarded: it is about our secret's use.
    throw new AppError(400, say("WEBHOOK_SIGNATURE_INVALID"));
  }
}

/** Which subscription an event is about, and whose, from the event's own object. */
function subjectOf(event: Stripe.Event): { subscriptionId: string; owner: SubscriptionOwner | null; checkoutSessionId?: string } | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  const idOf = (value: unknown) => (typeof value === "string" ? value : typeof value === "object" && value && "id" in value ? String((value as { id: unknown }).id) : null);
  if (event.type === "checkout.session.completed") {
    const session = object as unknown as Stripe.Checkout.Session;
    const subscriptionId = idOf(session.subscription);
    if (session.mode !== "subscription" || !subscriptionId) return null;
    const owner = ownerFromMetadata(session.metadata);
    // The session's reference and metadata must agree (both are ours).
    return { subscriptionId, owner: owner && session.client_reference_id === String(owner.userId) ? owner : null, checkoutSessionId: session.id };
  }
  if (event.type.startsWith("customer.subscription.")) {
    const subscription = object as unknown as Stripe.Subscription;
    return { subscriptionId: subscription.id, owner: ownerFromMetadata(subscription.metadata) };
  }
  // Invoices: API 2025+ names the subscription under parent.subscription_details.
  const invoice = object as { parent?: { subscription_details?: { subscription?: unknown; metadata?: Stripe.Metadata } | null } | null; subscription?: unknown };
  const details = invoice.parent?.subscription_details;
  const subscriptionId = idOf(details?.subscription ?? invoice.subscription);
  return subscriptionId ? { subscriptionId, owner: ownerFromMetadata(details?.metadata) } : null;
}

async function alreadyProcessed(services: AppServices, eventId: string): Promise<boolean> {
  const [row] = await services.db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, eventId)).limit(1);
  return Boolean(row);
}

async function recordOnly(services: AppServices, eventId: string): Promise<WebhookOutcome> {
  await services.db.insert(paymentEvents).values({ id: eventId }).onConflictDoNothing();
  return "ignored";
}

/**
 * Applies one verified event exactly once: its id and its effect are written in one batch,
 * and the id is the primary key, so a retry (or two deliveries at once) finds it and stops.
 * The effect is the subscription's state as Stripe answers it now, so order does not matter.
 */
export async function processWebhookEvent(services: AppServices, event: Stripe.Event): Promise<WebhookOutcome> {
  if (await alreadyProcessed(services, event.id)) return "duplicate";
  const subject = HANDLED.has(event.type) ? subjectOf(event) : null;
  if (!subject) return recordOnly(services, event.id);
  const owner = (await knownOwner(services, subject.subscriptionId)) ?? subject.owner;
  if (!owner || !(await ownerExists(services, owner))) return recordOnly(services, event.id);
  const keys = await cardProviderKeys(services, owner.businessId);
  // No key now: not recorded, so Stripe's retry can succeed once the owner enters it again.
  if (!keys.secretKey) throw new AppError(503, "The business has no card provider key; retry later");
  let subscription: Stripe.Subscription;
  try {
    const stripe = stripeClient(services, keys.secretKey);
    subscription = await stripe.subscriptions.retrieve(subject.subscriptionId);
    if (event.type === "checkout.session.completed") subscription = await applyAutoCharge(services, stripe, owner.businessId, subscription);
  } catch (error) {
    if (isMissingAtProvider(error)) return recordOnly(services, event.id);
    throw new AppError(503, "The card provider could not be reached; retry later");
  }
  const write = await subscriberWrite(services, owner, subscription, {
    paymentFailed: event.type === "invoice.payment_failed",
    checkoutSessionId: subject.checkoutSessionId,
  });
  try {
    await services.db.batch([services.db.insert(paymentEvents).values({ id: event.id }), write.statement]);
  } catch (error) {
    // Another delivery of the same event won the race: its batch did the work.
    if (await alreadyProcessed(services, event.id)) return "duplicate";
    throw error;
  }
  await pointUserAtLatestSubscription(services, owner);
  return "processed";
}
