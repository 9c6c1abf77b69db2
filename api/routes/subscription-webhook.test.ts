import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { paymentEvents, subscribers, users } from "../../db/schema";
import { WEBHOOK_NOT_CONFIGURED, WEBHOOK_SIGNATURE_INVALID } from "../services/payments/checkout-messages";
import { PAST_DUE_GRACE_MS } from "../services/payments/subscriber-sync";
import { createCheckoutBed, type CheckoutBed, TEST_WEBHOOK_SECRET } from "../test-support/checkout-bed.node";

let bed: CheckoutBed;
beforeEach(async () => {
  bed = await createCheckoutBed("Webhook School");
});
afterEach(async () => {
  await bed.stripe.close();
});

const now = () => Math.floor(Date.now() / 1000);
const rowsOf = (userId: number) => bed.services.db.select().from(subscribers).where(eq(subscribers.userId, userId));
const subscribed = async () => {
  const [who] = await bed.services.db.select().from(users).where(eq(users.id, bed.tenant.student.id));
  return (await bed.send(who, "POST", "/quiz/allForStudent", { queryParams: {} })).body.premium.subscribed as boolean;
};
/** The student pays; only the webhook (not the return page) tells the app. */
async function paidSession() {
  const sessionId = await bed.checkoutAndPay(bed.tenant.student);
  const session = bed.stripe.sessions.get(sessionId)!;
  return { session, subscription: bed.stripe.subscriptions.get(session.subscription!)! };
}
const completed = (session: unknown, id = "evt_completed") => ({ id, type: "checkout.session.completed", data: { object: session } });
const subscriptionEvent = (type: string, subscription: unknown, id: string) => ({ id, type, data: { object: JSON.parse(JSON.stringify(subscription)) } });

describe("POST /subscriptions/webhook: signatures", () => {
  it("processes a correctly signed checkout.session.completed: the student's row is active and premium opens", async () => {
    const { session } = await paidSession();
    const res = await bed.postEvent(completed(session));
    expect(res).toMatchObject({ status: 200, body: { received: true, outcome: "processed" } });
    const [row] = await rowsOf(bed.tenant.student.id);
    expect(row).toMatchObject({ status: "active", checkoutSessionId: session.id, planId: bed.planId });
    expect(await subscribed()).toBe(true);
    const [user] = await bed.services.db.select().from(users).where(eq(users.id, bed.tenant.student.id));
    expect(user.subscriptionId).toBe(row.id);
  });

  it("refuses a bad signature, a foreign secret, no signature and a tampered body with 400, and changes nothing", async () => {
    const { session } = await paidSession();
    const bad = await bed.postEvent(completed(session), { signature: `t=${now()},v1=${"0".repeat(64)}` });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(WEBHOOK_SIGNATURE_INVALID);
    expect((await bed.postEvent(completed(session), { secret: "whsec_someone_else" })).status).toBe(400);
    const unsigned = await bed.app.request("/subscriptions/webhook", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(completed(session)) });
    expect(unsigned.status).toBe(400);
    // A valid signature over other bytes: the body was changed on the way.
    const payload = JSON.stringify({ object: "event", created: now(), ...completed(session) });
    const { default: Stripe } = await import("stripe");
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: TEST_WEBHOOK_SECRET, cryptoProvider: Stripe.createSubtleCryptoProvider() });
    const tampered = await bed.app.request("/subscriptions/webhook", { method: "POST", headers: { "stripe-signature": header }, body: payload.replace("evt_completed", "evt_forged") });
    expect(tampered.status).toBe(400);
    expect(await rowsOf(bed.tenant.student.id)).toHaveLength(0);
    expect(await bed.services.db.select().from(paymentEvents)).toHaveLength(0);
  });

  it("refuses a signature older than 300 s (a replay) and accepts one 200 s old", async () => {
    const { session } = await paidSession();
    const stale = await bed.postEvent(completed(session), { timestamp: now() - 301 });
    expect(stale.status).toBe(400);
    expect(await rowsOf(bed.tenant.student.id)).toHaveLength(0);
    expect((await bed.postEvent(completed(session), { timestamp: now() - 200 })).status).toBe(200);
    expect(await rowsOf(bed.tenant.student.id)).toHaveLength(1);
  });

  it("answers 503 and stores nothing when the server has no webhook secret", async () => {
    const { session } = await paidSession();
    bed.services.config.stripe = { ...bed.services.config.stripe, webhookSecret: null };
    const res = await bed.postEvent(completed(session));
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(WEBHOOK_NOT_CONFIGURED);
    expect(JSON.stringify(res.body)).not.toContain(TEST_WEBHOOK_SECRET);
  });
});

describe("POST /subscriptions/webhook: exactly once, in any order", () => {
  it("processes the same event delivered five times once", async () => {
    const { session } = await paidSession();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await bed.postEvent(completed(session))).body.outcome);
    expect(outcomes).toEqual(["processed", "duplicate", "duplicate", "duplicate", "duplicate"]);
    expect(await rowsOf(bed.tenant.student.id)).toHaveLength(1);
    expect(await bed.services.db.select().from(paymentEvents).where(eq(paymentEvents.id, "evt_completed"))).toHaveLength(1);
    // The effect ran once: one subscription read at Stripe for five deliveries.
    expect(bed.stripe.requests.filter((request) => request.method === "GET" && request.path.startsWith("/v1/subscriptions/"))).toHaveLength(1);
  });

  it("five deliveries at the same time still store one event and one row", async () => {
    const { session } = await paidSession();
    const answers = await Promise.all(Array.from({ length: 5 }, () => bed.postEvent(completed(session))));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.filter((answer) => answer.body.outcome === "processed").length).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(bed.tenant.student.id)).toHaveLength(1);
    expect(await bed.services.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it("customer.subscription.deleted before checkout.session.completed leaves no active row", async () => {
    const { session, subscription } = await paidSession();
    bed.stripe.setSubscription(subscription.id, { status: "canceled" });
    expect((await bed.postEvent(subscriptionEvent("customer.subscription.deleted", subscription, "evt_deleted"))).body.outcome).toBe("processed");
    expect((await bed.postEvent(completed(session))).body.outcome).toBe("processed");
    const [row] = await rowsOf(bed.tenant.student.id);
    expect(row.status).toBe("canceled");
    expect(await subscribed()).toBe(false);
  });

  it("an older customer.subscription.updated after a newer one does not put the old state back", async () => {
    const { session, subscription } = await paidSession();
    await bed.postEvent(completed(session));
    const oldState = JSON.parse(JSON.stringify(subscription));
    const renewedEnd = now() + 60 * 86_400;
    bed.stripe.setSubscription(subscription.id, { periodEnd: renewedEnd });
    await bed.postEvent(subscriptionEvent("customer.subscription.updated", subscription, "evt_new"));
    // The older event arrives last, carrying the earlier period.
    await bed.postEvent({ id: "evt_old", type: "customer.subscription.updated", created: now() - 100, data: { object: oldState } });
    const [row] = await rowsOf(bed.tenant.student.id);
    expect(row.currentPeriodEnd!.getTime()).toBe(renewedEnd * 1000);
    // Deleted, then a late "active" update: it stays ended.
    bed.stripe.setSubscription(subscription.id, { status: "canceled" });
    await bed.postEvent(subscriptionEvent("customer.subscription.deleted", subscription, "evt_gone"));
    bed.stripe.setSubscription(subscription.id, { status: "active" });
    await bed.postEvent({ id: "evt_late", type: "customer.subscription.updated", data: { object: oldState } });
    expect((await rowsOf(bed.tenant.student.id))[0].status).toBe("canceled");
    expect(await subscribed()).toBe(false);
  });
});

describe("POST /subscriptions/webhook: renewals", () => {
  const invoice = (subscriptionId: string, id: string, type: string) => ({
    id,
    type,
    data: { object: { id: `in_${id}`, object: "invoice", parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: {} } } } },
  });

  it("a failed renewal keeps premium during the grace period and ends it after; invoice.paid opens it again", async () => {
    const { session, subscription } = await paidSession();
    await bed.postEvent(completed(session));
    const graceDays = PAST_DUE_GRACE_MS / 86_400_000;
    // The renewal failed one day ago: still within the grace.
    bed.stripe.setSubscription(subscription.id, { status: "past_due", periodStart: now() - 86_400, periodEnd: now() + 29 * 86_400 });
    await bed.postEvent(invoice(subscription.id, "evt_failed_1", "invoice.payment_failed"));
    let [row] = await rowsOf(bed.tenant.student.id);
    expect(row.status).toBe("past_due");
    expect(await subscribed()).toBe(true);
    // Past the grace: premium closes.
    bed.stripe.setSubscription(subscription.id, { periodStart: now() - (graceDays + 1) * 86_400 });
    await bed.postEvent(invoice(subscription.id, "evt_failed_2", "invoice.payment_failed"));
    [row] = await rowsOf(bed.tenant.student.id);
    expect(row.currentPeriodEnd!.getTime()).toBeLessThan(Date.now());
    expect(await subscribed()).toBe(false);
    // Paid at last.
    bed.stripe.setSubscription(subscription.id, { status: "active", periodStart: now(), periodEnd: now() + 30 * 86_400 });
    await bed.postEvent(invoice(subscription.id, "evt_paid", "invoice.paid"));
    expect((await rowsOf(bed.tenant.student.id))[0].status).toBe("active");
    expect(await subscribed()).toBe(true);
  });

  it("a failed payment on a subscription Stripe still calls active counts as past due", async () => {
    const { session, subscription } = await paidSession();
    await bed.postEvent(completed(session));
    bed.stripe.setSubscription(subscription.id, { periodStart: now() - 10 * 86_400 });
    await bed.postEvent(invoice(subscription.id, "evt_failed", "invoice.payment_failed"));
    expect((await rowsOf(bed.tenant.student.id))[0].status).toBe("past_due");
    expect(await subscribed()).toBe(false);
  });

  it("acknowledges events it does not act on, and events for subscriptions it does not know, without a row", async () => {
    expect((await bed.postEvent({ id: "evt_other", type: "customer.created", data: { object: { id: "cus_1" } } })).body.outcome).toBe("ignored");
    expect((await bed.postEvent(invoice("sub_unknown", "evt_unknown", "invoice.paid"))).body.outcome).toBe("ignored");
    // Metadata naming a user of another business is not believed.
    const { subscription } = await paidSession();
    const forged = { ...JSON.parse(JSON.stringify(subscription)), metadata: { businessId: String(bed.other.business.id), userId: String(bed.tenant.student.id) } };
    subscription.metadata = forged.metadata;
    expect((await bed.postEvent({ id: "evt_forged_owner", type: "customer.subscription.updated", data: { object: forged } })).body.outcome).toBe("ignored");
    expect(await bed.services.db.select().from(subscribers)).toHaveLength(0);
  });

  it("a completed checkout whose reference names another user than its metadata is not believed", async () => {
    const { session } = await paidSession();
    const classmateRef = { ...JSON.parse(JSON.stringify(session)), client_reference_id: String(bed.tenant.teacher.id) };
    expect((await bed.postEvent(completed(classmateRef, "evt_mismatch"))).body.outcome).toBe("ignored");
    expect(await bed.services.db.select().from(subscribers)).toHaveLength(0);
  });
});
