/**
 * The checkout test bed: the payments bed with keys entered, subscriptions switched on, one
 * plan on sale, a webhook secret, and helpers to check out, pay at the stand-in and post
 * signed events (the real `stripe` package signs them, as Stripe would).
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { adminSettings } from "../../db/schema";
import { createPaymentsBed, type PaymentsBed, TEST_SECRET_KEY } from "./payments-bed.node";
import type { Who } from "./test-bed.node";

export const TEST_WEBHOOK_SECRET = "whsec_test_standin_webhook_secret";

export interface CheckoutBed extends PaymentsBed {
  priceId: string;
  planId: number;
  /** Starts checkout as `who` and pays at the stand-in; answers the session id. */
  checkoutAndPay(who: Who): Promise<string>;
  /** Posts a signed event; `timestamp` (epoch seconds) dates the signature. */
  postEvent(event: { id: string; type: string; created?: number; data: { object: unknown } }, options?: { timestamp?: number; secret?: string; signature?: string }): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function createCheckoutBed(schoolName: string): Promise<CheckoutBed> {
  const bed = await createPaymentsBed(schoolName);
  bed.services.config.stripe = { ...bed.services.config.stripe, webhookSecret: TEST_WEBHOOK_SECRET };
  await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "usd", STRIPE_SECRET_KEY: TEST_SECRET_KEY });
  await bed.services.db.update(adminSettings).set({ enableSubscription: true }).where(eq(adminSettings.businessId, bed.tenant.business.id));
  const plan = await bed.send(bed.tenant.owner, "POST", "/subscriptions", { title: "Premium", price: 9.99, interval: "month", description: "Every premium quiz" });
  if (plan.status !== 201) throw new Error(`plan not created: ${plan.text}`);
  const checkoutAndPay: CheckoutBed["checkoutAndPay"] = async (who) => {
    const res = await bed.send(who, "POST", "/subscriptions/create-checkout-session", { priceId: plan.body.entity.priceId });
    if (res.status !== 200) throw new Error(`checkout refused: ${res.text}`);
    const sessionId = String(res.body.data.url).split("/").pop()!;
    bed.stripe.pay(sessionId);
    return sessionId;
  };
  const postEvent: CheckoutBed["postEvent"] = async (event, options = {}) => {
    const payload = JSON.stringify({ object: "event", api_version: "2025-10-29", created: options.timestamp ?? Math.floor(Date.now() / 1000), ...event });
    const signature =
      options.signature ??
      (await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: options.secret ?? TEST_WEBHOOK_SECRET, timestamp: options.timestamp, cryptoProvider: Stripe.createSubtleCryptoProvider() }));
    const res = await bed.app.request("/subscriptions/webhook", { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    return { status: res.status, body: await res.json() };
  };
  return { ...bed, priceId: plan.body.entity.priceId, planId: plan.body.entity.id, checkoutAndPay, postEvent };
}
