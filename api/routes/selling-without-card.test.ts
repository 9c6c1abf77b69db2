import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adminSettings, paymentSettings, subscriptionPlans } from "../../db/schema";
import { MESSAGE_CODES } from "../services/message-codes";
import { studentSubscriptionView } from "../services/payments/student-subscription";
import { KEY_REFUSED, NO_SECRET_KEY, PROVIDER_UNREACHABLE } from "../services/payments/schemas";
import { createPaymentsBed, type PaymentsBed, TEST_SECRET_KEY } from "../test-support/payments-bed.node";
import { startStripeStandIn } from "../test-support/stripe-stand-in.node";
import { callerOf } from "../test-support/test-app.node";

/**
 * Issue 25, point 4 (docs/decisions/0060): a school that takes only bank transfers sells its
 * plans without card keys; a key is checked with the provider when it is saved; "cannot reach
 * the provider" and "the provider refused the key" are different answers. Against the Stripe
 * stand-in the real client is pointed at, and a stand-in that was closed (nothing listens).
 */
let bed: PaymentsBed;
beforeEach(async () => {
  bed = await createPaymentsBed("Transfer School");
  await bed.services.db.update(adminSettings).set({ enableSubscription: true }).where(eq(adminSettings.businessId, bed.tenant.business.id));
});
afterEach(async () => {
  await bed.stripe.close();
});

const premium = { title: "Premium", price: 19.99, interval: "month", description: "Every premium quiz" };
const plansInDb = () => bed.services.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.businessId, bed.tenant.business.id));
const storedKey = async () => (await bed.services.db.select().from(paymentSettings).where(eq(paymentSettings.businessId, bed.tenant.business.id)))[0]?.cardSecretKey ?? null;

/** Points the real client at a port nothing listens on (a stand-in started, then closed). */
async function providerUnreachable() {
  const gone = await startStripeStandIn();
  await gone.close();
  bed.services.config.stripe = { ...bed.services.config.stripe, apiUrl: gone.url };
}

describe("plans without card keys (offline only)", () => {
  it("are created, changed and deleted without any provider call; the student sees them, paid by bank transfer, and may ask to pay offline", async () => {
    const created = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(created.status, created.text).toBe(201);
    expect(created.body.entity).toMatchObject({ title: "Premium", price: 19.99, priceId: null });
    const updated = await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.body.entity.id, price: 24, title: "Premium plus" });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.entity).toMatchObject({ title: "Premium plus", price: 24, priceId: null });
    expect(bed.stripe.requests).toEqual([]);

    const view = await studentSubscriptionView(bed.services, callerOf(bed.tenant.student));
    expect(view).toMatchObject({ off: null, cardPayments: false, canManageBilling: false });
    expect(view.plans.map((plan) => [plan.title, plan.priceId])).toEqual([["Premium plus", null]]);
    const asked = await bed.send(bed.tenant.student, "POST", "/subscriptions/offline", { planId: created.body.entity.id });
    expect(asked.status, asked.text).toBe(201);

    expect((await bed.send(bed.tenant.owner, "DELETE", `/subscriptions/${created.body.entity.id}`)).status).toBe(200);
    expect(await plansInDb()).toEqual([]);
    expect(bed.stripe.requests).toEqual([]);
  });

  it("get their card product and price when an accepted key is saved later", async () => {
    const created = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    const saved = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "usd", STRIPE_SECRET_KEY: TEST_SECRET_KEY });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ message: "settings updated successfully", keyCheck: "accepted", keyAnswer: { code: "PAYMENT_KEY_ACCEPTED", message: MESSAGE_CODES.PAYMENT_KEY_ACCEPTED }, data: { STRIPE_SECRET_KEY_SET: true, SUBSCRIPTIONS_AVAILABLE: true } });
    const [plan] = await plansInDb();
    expect(plan.providerPriceCode).toMatch(/^price_/);
    expect(bed.stripe.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["GET /v1/products", "POST /v1/products", "POST /v1/prices"]);
    expect(bed.stripe.requests[1].body).toMatchObject({ name: "Premium", "metadata[planId]": String(created.body.entity.id) });
    expect(bed.stripe.requests[2].body).toMatchObject({ unit_amount: "1999", currency: "usd" });
    const view = await studentSubscriptionView(bed.services, callerOf(bed.tenant.student));
    expect(view.cardPayments).toBe(true);
    expect(view.plans[0].priceId).toBe(plan.providerPriceCode);
  });

  it("a plan sold by card cannot change while its key is missing (409), an offline one still can", async () => {
    await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { STRIPE_SECRET_KEY: TEST_SECRET_KEY });
    const carded = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    expect(carded.priceId).toMatch(/^price_/);
    // The server's secrets key changed: the stored card key no longer opens (reads as not set).
    bed.services.config.paymentSecretsKey = "another-server-key-0123456789abcdef";
    const refused = await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: carded.id, price: 30 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(NO_SECRET_KEY);
    expect((await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: carded.id, auto_charge: true })).status).toBe(200);
  });
});

describe("the key check when the payment settings are saved", () => {
  it("a key the provider refuses is a field error with its own code, and is not saved", async () => {
    const refused = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "eur", STRIPE_SECRET_KEY: "sk_test_refused_by_the_stand_in_42" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "PAYMENT_KEY_REFUSED", message: KEY_REFUSED, errors: { STRIPE_SECRET_KEY: KEY_REFUSED }, errorCodes: { STRIPE_SECRET_KEY: "PAYMENT_KEY_REFUSED" } });
    expect(refused.text).not.toContain("sk_test_refused_by_the_stand_in_42");
    expect(await storedKey()).toBeNull();
    const settings = await bed.send(bed.tenant.owner, "GET", "/admin/settings");
    expect(settings.body.data).toMatchObject({ CURRENCY: "USD", STRIPE_SECRET_KEY_SET: false });
  });

  it("an unreachable provider is a 503 that says so (not the key), and nothing is saved", async () => {
    await providerUnreachable();
    const res = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { STRIPE_SECRET_KEY: TEST_SECRET_KEY });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "PAYMENT_PROVIDER_UNREACHABLE", message: PROVIDER_UNREACHABLE });
    expect(await storedKey()).toBeNull();
  });

  it("saving without a new key asks the provider nothing", async () => {
    const res = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "eur", STRIPE_PUBLISHABLE_KEY: "pk_test_x" });
    expect(res.status).toBe(200);
    expect(res.body.keyCheck).toBeUndefined();
    expect(bed.stripe.requests).toEqual([]);
  });
});

describe("provider failures name their cause", () => {
  it("a plan made while the provider cannot be reached: 503 PAYMENT_PROVIDER_UNREACHABLE; with a revoked key: 503 PAYMENT_KEY_REFUSED; no plan stays", async () => {
    await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { STRIPE_SECRET_KEY: TEST_SECRET_KEY });
    const standIn = bed.services.config.stripe.apiUrl;
    await providerUnreachable();
    const down = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe("PAYMENT_PROVIDER_UNREACHABLE");
    expect(await plansInDb()).toEqual([]);

    // The key the server uses is one the provider does not know (revoked): the environment's wins.
    bed.services.config.stripe = { ...bed.services.config.stripe, apiUrl: standIn, secretKey: "sk_test_revoked_at_the_provider" };
    const refused = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: "PAYMENT_KEY_REFUSED", message: KEY_REFUSED });
    expect(refused.text).not.toContain("sk_test_revoked_at_the_provider");
    expect(await plansInDb()).toEqual([]);
  });
});
