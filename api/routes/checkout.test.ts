import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminSettings, subscribers, users } from "../../db/schema";
import { ALREADY_SUBSCRIBED, NO_BILLING_ACCOUNT, PLAN_NOT_ON_OFFER, SESSION_NOT_PAID, SESSION_OF_ANOTHER_USER, SUBSCRIPTIONS_OFF } from "../services/payments/checkout-messages";
import { createCheckoutBed, type CheckoutBed } from "../test-support/checkout-bed.node";
import { createUser } from "../test-support/factories.node";
import { TEST_SECRET_KEY } from "../test-support/payments-bed.node";

let bed: CheckoutBed;
beforeEach(async () => {
  bed = await createCheckoutBed("Checkout School");
});
afterEach(async () => {
  await bed.stripe.close();
});

const rowsOf = (userId: number) => bed.services.db.select().from(subscribers).where(eq(subscribers.userId, userId));
const subscribed = async (userId: number) => {
  const [who] = await bed.services.db.select().from(users).where(eq(users.id, userId));
  const pool = await bed.send(who, "POST", "/quiz/allForStudent", { queryParams: {} });
  return pool.body.premium.subscribed as boolean;
};

describe("POST /subscriptions/create-checkout-session", () => {
  it("starts Stripe Checkout for a plan on offer, tied to the student, and answers { data: { url } }", async () => {
    const res = await bed.send(bed.tenant.student, "POST", "/subscriptions/create-checkout-session", { priceId: bed.priceId });
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/\/checkout\/cs_test_/);
    const [session] = bed.stripe.sessions.values();
    expect(session).toMatchObject({ mode: "subscription", price: bed.priceId, client_reference_id: String(bed.tenant.student.id), metadata: { userId: String(bed.tenant.student.id), businessId: String(bed.tenant.business.id) } });
    expect(session.success_url).toMatch(/\/quiz\/student\/subscription\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(session.subscription_metadata.userId).toBe(String(bed.tenant.student.id));
    expect(res.text).not.toContain(TEST_SECRET_KEY);
  });

  it("refuses an inactive plan's price, an unknown price and another business's price: a 4xx and no session", async () => {
    await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: bed.planId, status: false });
    const inactive = await bed.send(bed.tenant.student, "POST", "/subscriptions/create-checkout-session", { priceId: bed.priceId });
    expect(inactive.status).toBe(404);
    expect(inactive.body.message).toBe(PLAN_NOT_ON_OFFER);
    expect((await bed.send(bed.tenant.student, "POST", "/subscriptions/create-checkout-session", { priceId: "price_nope" })).status).toBe(404);
    expect((await bed.send(bed.tenant.student, "POST", "/subscriptions/create-checkout-session", {})).status).toBe(400);
    expect((await bed.send(bed.other.student, "POST", "/subscriptions/create-checkout-session", { priceId: bed.priceId })).status).toBe(409);
    expect(bed.stripe.sessions.size).toBe(0);
  });

  it("says plainly when subscriptions are off, and is for students only", async () => {
    await bed.services.db.update(adminSettings).set({ enableSubscription: false }).where(eq(adminSettings.businessId, bed.tenant.business.id));
    const off = await bed.send(bed.tenant.student, "POST", "/subscriptions/create-checkout-session", { priceId: bed.priceId });
    expect(off.status).toBe(409);
    expect(off.body.message).toBe(SUBSCRIPTIONS_OFF);
    const teacher = await bed.send(bed.tenant.teacher, "POST", "/subscriptions/create-checkout-session", { priceId: bed.priceId });
    expect(teacher.status).toBe(403);
    expect(teacher.body.code).toBe("STUDENTS_ONLY");
  });

  it("refuses a second checkout while a subscription is active", async () => {
    const sessionId = await bed.checkoutAndPay(bed.tenant.student);
    await bed.send(bed.tenant.student, "GET", `/subscriptions/subscriber?sessionId=${sessionId}`);
    const again = await bed.send(bed.tenant.student, "POST", "/subscriptions/create-checkout-session", { priceId: bed.priceId });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_SUBSCRIBED);
  });
});

describe("GET /subscriptions/subscriber?sessionId= (the return from checkout)", () => {
  it("confirms a paid session of the caller with Stripe: an active row, the user points at it, premium opens at once", async () => {
    expect(await subscribed(bed.tenant.student.id)).toBe(false);
    const sessionId = await bed.checkoutAndPay(bed.tenant.student);
    const res = await bed.send(bed.tenant.student, "GET", `/subscriptions/subscriber?sessionId=${sessionId}`);
    expect(res.status).toBe(200);
    const [row] = await rowsOf(bed.tenant.student.id);
    expect(row).toMatchObject({ status: "active", planId: bed.planId, checkoutSessionId: sessionId, providerSubscriptionId: expect.stringMatching(/^sub_/) });
    expect(row.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
    expect(res.body.data).toMatchObject({ subscriptionId: String(row.id), user: { id: bed.tenant.student.id, subscriptionId: String(row.id) } });
    expect(await subscribed(bed.tenant.student.id)).toBe(true);
    // Coming back twice (a reload) changes nothing.
    expect((await bed.send(bed.tenant.student, "GET", `/subscriptions/subscriber?sessionId=${sessionId}`)).status).toBe(200);
    expect(await rowsOf(bed.tenant.student.id)).toHaveLength(1);
  });

  it("refuses another user's session, an unpaid one and an unknown one, and stores nothing", async () => {
    const classmate = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Student" });
    const sessionId = await bed.checkoutAndPay(bed.tenant.student);
    const foreign = await bed.send(classmate, "GET", `/subscriptions/subscriber?sessionId=${sessionId}`);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(SESSION_OF_ANOTHER_USER);
    expect(await rowsOf(classmate.id)).toHaveLength(0);
    expect(await subscribed(classmate.id)).toBe(false);

    const unpaid = await bed.send(classmate, "POST", "/subscriptions/create-checkout-session", { priceId: bed.priceId });
    const unpaidId = String(unpaid.body.data.url).split("/").pop();
    const notPaid = await bed.send(classmate, "GET", `/subscriptions/subscriber?sessionId=${unpaidId}`);
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe(SESSION_NOT_PAID);
    expect((await bed.send(classmate, "GET", "/subscriptions/subscriber?sessionId=cs_test_unknown")).status).toBe(404);
    expect((await bed.send(classmate, "GET", "/subscriptions/subscriber?sessionId=../../v1/prices")).status).toBe(400);
    expect((await bed.send(classmate, "GET", "/subscriptions/subscriber")).status).toBe(400);
    expect(await rowsOf(classmate.id)).toHaveLength(0);
  });
});

describe("the plan's auto charge at Stripe", () => {
  it("a plan without auto charge sends its renewals as invoices; one with auto charge charges the card", async () => {
    const sessionId = await bed.checkoutAndPay(bed.tenant.student);
    await bed.send(bed.tenant.student, "GET", `/subscriptions/subscriber?sessionId=${sessionId}`);
    const [first] = bed.stripe.subscriptions.values();
    expect(first).toMatchObject({ collection_method: "send_invoice", days_until_due: 3 });

    await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: bed.planId, auto_charge: true });
    const classmate = await createUser(bed.services.db, { businessId: bed.tenant.business.id, userType: "Student" });
    const second = await bed.checkoutAndPay(classmate);
    await bed.send(classmate, "GET", `/subscriptions/subscriber?sessionId=${second}`);
    const subscription = bed.stripe.subscriptions.get(bed.stripe.sessions.get(second)!.subscription!)!;
    expect(subscription.collection_method).toBe("charge_automatically");
    expect(bed.stripe.requests.filter((request) => request.method === "POST" && request.path === `/v1/subscriptions/${subscription.id}`)).toHaveLength(0);
  });
});

describe("GET /subscriptions/manage_billing", () => {
  it("opens the billing portal for the caller's own Stripe customer; without a subscription a 404", async () => {
    const none = await bed.send(bed.tenant.student, "GET", "/subscriptions/manage_billing");
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(NO_BILLING_ACCOUNT);
    const sessionId = await bed.checkoutAndPay(bed.tenant.student);
    await bed.send(bed.tenant.student, "GET", `/subscriptions/subscriber?sessionId=${sessionId}`);
    const [row] = await rowsOf(bed.tenant.student.id);
    const res = await bed.send(bed.tenant.student, "GET", "/subscriptions/manage_billing");
    expect(res.status).toBe(200);
    expect(res.body.data.url).toContain(row.providerCustomerId!);
    const portal = bed.stripe.requests.find((request) => request.path === "/v1/billing_portal/sessions")!;
    expect(portal.body.customer).toBe(row.providerCustomerId);
  });
});

describe("owner endpoints stay the owner's", () => {
  it("a student or teacher still cannot create, change or delete plans", async () => {
    for (const who of [bed.tenant.student, bed.tenant.teacher]) {
      expect((await bed.send(who, "POST", "/subscriptions", { title: "Mine", price: 1, interval: "day" })).status).toBe(403);
      expect((await bed.send(who, "PUT", "/subscriptions", { id: bed.planId, price: 0.5 })).status).toBe(403);
      expect((await bed.send(who, "DELETE", `/subscriptions/${bed.planId}`)).status).toBe(403);
    }
    const rows = await bed.services.db.select().from(subscribers).where(and(eq(subscribers.businessId, bed.tenant.business.id)));
    expect(rows).toHaveLength(0);
  });
});
