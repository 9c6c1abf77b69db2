import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { subscriptionPlans } from "../../db/schema";
import { KEY_REFUSED, PLAN_CREATED, PLAN_DELETED, PLAN_MESSAGES, PLAN_UPDATED, PROVIDER_FAILED } from "../services/payments/schemas";
import { createPaymentsBed, type PaymentsBed, TEST_SECRET_KEY } from "../test-support/payments-bed.node";

let bed: PaymentsBed;
beforeEach(async () => {
  bed = await createPaymentsBed("Plan School");
});
afterEach(async () => {
  await bed.stripe.close();
});

const premium = { title: "Premium", price: 19.99, interval: "month", description: "Every premium quiz" };
/** The owner saves the key; the provider's key check (GET /v1/products) is forgotten, so each test counts its own calls. */
async function withKeys(currency = "usd") {
  const saved = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: currency, STRIPE_SECRET_KEY: TEST_SECRET_KEY });
  expect(saved.status, saved.text).toBe(200);
  bed.stripe.requests.length = 0;
  return saved;
}
const plansInDb = () => bed.services.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.businessId, bed.tenant.business.id));
const calls = () => bed.stripe.requests.map((request) => `${request.method} ${request.path}`);

describe("/subscriptions (the owner's plans)", () => {
  it("creates a plan with its Stripe product and price, through the real client with the owner's key", async () => {
    await withKeys();
    const res = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(PLAN_CREATED);
    expect(res.body.entity).toMatchObject({ title: "Premium", price: 19.99, currency: "USD", interval: "month", description: "Every premium quiz", status: true, auto_charge: false, priceId: expect.stringMatching(/^price_/) });
    expect(calls()).toEqual(["POST /v1/products", "POST /v1/prices"]);
    expect(bed.stripe.requests.every((request) => request.authorization === `Bearer ${TEST_SECRET_KEY}`)).toBe(true);
    const [product] = bed.stripe.products.values();
    expect(product).toMatchObject({ name: "Premium", description: "Every premium quiz", active: true });
    const price = bed.stripe.prices.get(res.body.entity.priceId)!;
    expect(price).toMatchObject({ product: product.id, unit_amount: 1999, currency: "usd", recurring: { interval: "month", interval_count: 1 } });
    const [row] = await plansInDb();
    expect(row).toMatchObject({ priceCents: 1999, providerPriceCode: res.body.entity.priceId });
    expect(res.text).not.toContain(TEST_SECRET_KEY);
  });

  it("lists every plan for the owner ({ data: { totalCount, entities } }), only plans on offer for a student", async () => {
    await withKeys();
    await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    await bed.send(bed.tenant.owner, "POST", "/subscriptions", { ...premium, title: "Hidden", status: false });
    const owner = await bed.send(bed.tenant.owner, "GET", "/subscriptions");
    expect(owner.body.data.totalCount).toBe(2);
    expect(owner.body.data.entities.map((plan: { title: string }) => plan.title)).toEqual(["Premium", "Hidden"]);
    const student = await bed.send(bed.tenant.student, "GET", "/subscriptions");
    expect(student.body.data).toMatchObject({ totalCount: 1, entities: [{ title: "Premium" }] });
    expect((await bed.send(bed.other.owner, "GET", "/subscriptions")).body.data).toEqual({ totalCount: 0, entities: [] });
  });

  it("maps quarterly to three months and keeps yen whole (minor units from the currency)", async () => {
    await withKeys("jpy");
    const res = await bed.send(bed.tenant.owner, "POST", "/subscriptions", { ...premium, price: "1200", interval: "quarterly" });
    expect(res.status).toBe(201);
    expect(res.body.entity).toMatchObject({ price: 1200, currency: "JPY", interval: "quarterly" });
    expect(bed.stripe.prices.get(res.body.entity.priceId)).toMatchObject({ unit_amount: 1200, currency: "jpy", recurring: { interval: "month", interval_count: 3 } });
    const cents = await bed.send(bed.tenant.owner, "POST", "/subscriptions", { ...premium, price: 12.5 });
    expect(cents.status).toBe(400);
    expect(cents.body.errors.price).toBe(PLAN_MESSAGES.priceDecimals);
  });

  it("a new price makes a new Stripe price and retires the old one (old subscribers keep theirs); title and toggles change in place", async () => {
    await withKeys();
    const created = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    const oldPrice = created.priceId;

    const renamed = await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, title: "Premium plus" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(PLAN_UPDATED);
    expect(renamed.body.entity.priceId).toBe(oldPrice);
    expect([...bed.stripe.products.values()][0].name).toBe("Premium plus");

    const repriced = await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, price: 24.5 });
    expect(repriced.body.entity).toMatchObject({ price: 24.5, title: "Premium plus" });
    expect(repriced.body.entity.priceId).not.toBe(oldPrice);
    expect(bed.stripe.prices.get(oldPrice)!.active).toBe(false);
    expect(bed.stripe.prices.get(repriced.body.entity.priceId)).toMatchObject({ unit_amount: 2450, active: true, product: bed.stripe.prices.get(oldPrice)!.product });

    const before = bed.stripe.requests.length;
    const off = await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, status: false });
    expect(off.body.entity).toMatchObject({ status: false, priceId: repriced.body.entity.priceId });
    expect([...bed.stripe.products.values()][0].active).toBe(false);
    expect(bed.stripe.prices.size).toBe(2);
    const charge = await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, auto_charge: true });
    expect(charge.body.entity).toMatchObject({ auto_charge: true, status: false });
    // Auto charge is the app's own (checkout reads it): no provider call beyond the status toggle's.
    expect(bed.stripe.requests.length).toBe(before + 2);
    expect((await plansInDb())[0]).toMatchObject({ status: false, autoCharge: true, priceCents: 2450 });
  });

  it("two overlapping price changes leave exactly one price on sale, the plan's", async () => {
    await withKeys();
    const created = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    const answers = await Promise.all([21, 22, 23].map((price) => bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, price })));
    expect(answers.map((answer) => answer.status).sort()).toContain(200);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const onSale = [...bed.stripe.prices.values()].filter((price) => price.active);
    const [row] = await plansInDb();
    expect(onSale.map((price) => price.id)).toEqual([row.providerPriceCode]);
    expect(onSale[0].unit_amount).toBe(row.priceCents);
  });

  it("two switches flipped at once both stay: the status toggle's slower provider call does not write back the auto charge it read", async () => {
    await withKeys();
    const created = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    const [offered, charged] = await Promise.all([
      bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, status: false }),
      bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, auto_charge: true }),
    ]);
    expect([offered.status, charged.status]).toEqual([200, 200]);
    const [row] = await plansInDb();
    expect([row.status, row.autoCharge]).toEqual([false, true]);
  });

  it("two product fields changed at once both reach the provider: each update sends it only the fields it was sent", async () => {
    await withKeys();
    const created = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    bed.stripe.requests.length = 0;
    const [renamed, offered] = await Promise.all([
      bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, title: "Premium plus" }),
      bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, status: false }),
    ]);
    expect([renamed.status, offered.status]).toEqual([200, 200]);
    // Each product update names its own field alone, so neither writes back the other's as it read it.
    const productUpdates = bed.stripe.requests.filter((request) => request.method === "POST" && /^\/v1\/products\/.+/.test(request.path)).map((request) => request.body);
    expect(productUpdates).toHaveLength(2);
    expect(productUpdates).toEqual(expect.arrayContaining([{ name: "Premium plus" }, { active: "false" }]));
    expect([...bed.stripe.products.values()][0]).toMatchObject({ name: "Premium plus", description: "Every premium quiz", active: false });
    const [row] = await plansInDb();
    expect([row.title, row.status]).toEqual(["Premium plus", false]);
  });

  it("deletes a plan and archives its price and product at Stripe", async () => {
    await withKeys();
    const created = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    const res = await bed.send(bed.tenant.owner, "DELETE", `/subscriptions/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PLAN_DELETED);
    expect(await plansInDb()).toEqual([]);
    expect(bed.stripe.prices.get(created.priceId)!.active).toBe(false);
    expect([...bed.stripe.products.values()][0].active).toBe(false);
    expect((await bed.send(bed.tenant.owner, "DELETE", `/subscriptions/${created.id}`)).status).toBe(404);
  });

  it("gives the spec's messages for bad input and changes nothing (negative, 10^12, NaN price; 10,000-character title)", async () => {
    await withKeys();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...premium, title: undefined }, "title", PLAN_MESSAGES.titleRequired],
      [{ ...premium, title: " " }, "title", PLAN_MESSAGES.titleRequired],
      [{ ...premium, title: "P" }, "title", PLAN_MESSAGES.titleMin],
      [{ ...premium, title: "T".repeat(10_000) }, "title", PLAN_MESSAGES.titleMax],
      [{ ...premium, title: "T".repeat(41) }, "title", PLAN_MESSAGES.titleMax],
      [{ ...premium, description: "d".repeat(256) }, "description", PLAN_MESSAGES.descriptionMax],
      [{ ...premium, price: undefined }, "price", PLAN_MESSAGES.priceRequired],
      [{ ...premium, price: "" }, "price", PLAN_MESSAGES.priceRequired],
      [{ ...premium, price: "ten" }, "price", PLAN_MESSAGES.priceNumber],
      [{ ...premium, price: "NaN" }, "price", PLAN_MESSAGES.priceNumber],
      [{ ...premium, price: -5 }, "price", PLAN_MESSAGES.priceRange],
      [{ ...premium, price: 0 }, "price", PLAN_MESSAGES.priceRange],
      [{ ...premium, price: 1e12 }, "price", PLAN_MESSAGES.priceRange],
      [{ ...premium, price: 9.999 }, "price", PLAN_MESSAGES.priceDecimals],
      [{ ...premium, interval: undefined }, "interval", PLAN_MESSAGES.intervalRequired],
      [{ ...premium, interval: "fortnight" }, "interval", PLAN_MESSAGES.intervalInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await bed.send(bed.tenant.owner, "POST", "/subscriptions", body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errors?.[field] ?? res.body.message).toBe(message);
    }
    for (const body of ["null", "[]", "{"]) expect((await bed.send(bed.tenant.owner, "POST", "/subscriptions", body)).status).toBe(400);
    expect(await plansInDb()).toEqual([]);
    expect(bed.stripe.requests.filter((request) => request.path.startsWith("/v1/"))).toEqual([]);

    const created = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    for (const price of [-1, 1e12, "abc"]) {
      const res = await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, price });
      expect(res.status).toBe(400);
    }
    expect((await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: created.id, title: "T".repeat(10_000) })).body.errors.title).toBe(PLAN_MESSAGES.titleMax);
    expect((await bed.send(bed.tenant.owner, "PUT", "/subscriptions", { id: "x", title: "Fine" })).status).toBe(400);
    expect((await bed.send(bed.tenant.owner, "DELETE", "/subscriptions/abc")).status).toBe(400);
    expect((await plansInDb())[0]).toMatchObject({ title: "Premium", priceCents: 1999 });
  });

  it("is the owner's alone: teacher and student get 403 on create, update and delete; another business's plan is a 404", async () => {
    await withKeys();
    const created = (await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium)).body.entity;
    const stripeCalls = bed.stripe.requests.length;
    for (const who of [bed.tenant.teacher, bed.tenant.student]) {
      expect((await bed.send(who, "POST", "/subscriptions", premium)).status).toBe(403);
      expect((await bed.send(who, "PUT", "/subscriptions", { id: created.id, price: 1 })).status).toBe(403);
      expect((await bed.send(who, "DELETE", `/subscriptions/${created.id}`)).status).toBe(403);
    }
    expect((await bed.send(null, "POST", "/subscriptions", premium)).status).toBe(401);
    expect((await bed.send(bed.other.owner, "PUT", "/subscriptions", { id: created.id, title: "Mine" })).status).toBe(404);
    expect((await bed.send(bed.other.owner, "DELETE", `/subscriptions/${created.id}`)).status).toBe(404);
    expect(await plansInDb()).toEqual([expect.objectContaining({ title: "Premium", priceCents: 1999 })]);
    expect(bed.stripe.requests.length).toBe(stripeCalls);
  });

  it("without a secret key, a plan is made for bank transfers only: no provider price, no provider call (issue 25, point 4)", async () => {
    const res = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(res.status).toBe(201);
    expect(res.body.entity.priceId).toBeNull();
    expect(await plansInDb()).toEqual([expect.objectContaining({ title: "Premium", providerPriceCode: null })]);
    expect(bed.stripe.requests).toEqual([]);
  });

  it("a provider failure or a refused key is a clear 503 naming no key, and leaves no plan behind", async () => {
    await withKeys();
    bed.stripe.failNext(4);
    const down = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(PROVIDER_FAILED);
    expect(await plansInDb()).toEqual([]);

    // A key the provider refuses (revoked after it was saved; the environment's wins): its own message.
    bed.services.config.stripe = { ...bed.services.config.stripe, secretKey: "sk_test_wrong_key_for_stand_in" };
    const refused = await bed.send(bed.tenant.owner, "POST", "/subscriptions", premium);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe(KEY_REFUSED);
    expect(refused.text).not.toContain("sk_test_wrong_key_for_stand_in");
    expect(await plansInDb()).toEqual([]);
  });
});
