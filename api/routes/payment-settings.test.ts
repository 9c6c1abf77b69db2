import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentSettings } from "../../db/schema";
import { CURRENCY_INVALID, CURRENCY_LOCKED, SETTINGS_UPDATED } from "../services/payments/schemas";
import { decryptSecret } from "../services/payments/secret-box";
import { createPaymentsBed, type PaymentsBed, TEST_OTHER_SECRET_KEY, TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from "../test-support/payments-bed.node";

let bed: PaymentsBed;
beforeEach(async () => {
  bed = await createPaymentsBed("Pay School");
});
afterEach(async () => {
  await bed.stripe.close();
});

const PRIVATE_KEY = "second-provider-private-0123456789";
const allKeys = {
  CURRENCY: "eur",
  STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY: TEST_SECRET_KEY,
  SECOND_PROVIDER_PUBLIC_KEY: "second-provider-public",
  SECOND_PROVIDER_PRIVATE_KEY: PRIVATE_KEY,
};
const storedRow = async () => (await bed.services.db.select().from(paymentSettings).where(eq(paymentSettings.businessId, bed.tenant.business.id)))[0];

describe("/admin/settings (payment settings)", () => {
  it("starts with no keys: subscriptions off, secrets not set, currency USD", async () => {
    const res = await bed.send(bed.tenant.owner, "GET", "/admin/settings");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      CURRENCY: "USD",
      STRIPE_PUBLISHABLE_KEY: "",
      STRIPE_SECRET_KEY_SET: false,
      SECOND_PROVIDER_PUBLIC_KEY: "",
      SECOND_PROVIDER_PRIVATE_KEY_SET: false,
      SUBSCRIPTIONS_AVAILABLE: false,
      quizTimeSettingAllowed: "Yes",
    });
  });

  it("lets the owner save the keys; secrets are answered only as set, in no response, for no one", async () => {
    const put = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", allKeys);
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(SETTINGS_UPDATED);
    expect(put.body.data).toMatchObject({ CURRENCY: "EUR", STRIPE_PUBLISHABLE_KEY: TEST_PUBLISHABLE_KEY, STRIPE_SECRET_KEY_SET: true, SECOND_PROVIDER_PUBLIC_KEY: "second-provider-public", SECOND_PROVIDER_PRIVATE_KEY_SET: true });
    const answers = [put];
    for (const who of [bed.tenant.owner, bed.tenant.teacher, bed.tenant.student]) answers.push(await bed.send(who, "GET", "/admin/settings"));
    for (const answer of answers) {
      expect(answer.text).not.toContain(TEST_SECRET_KEY);
      expect(answer.text).not.toContain(PRIVATE_KEY);
    }
    expect(answers[3].body.data.STRIPE_SECRET_KEY_SET).toBe(true);
  });

  it("stores the secrets encrypted (AES-GCM, bound to the business and column), not as plaintext", async () => {
    await bed.send(bed.tenant.owner, "PUT", "/admin/settings", allKeys);
    const row = await storedRow();
    expect(row.cardSecretKey).toMatch(/^v1\./);
    expect(row.cardSecretKey).not.toContain(TEST_SECRET_KEY);
    expect(row.secondProviderPrivateKey).not.toContain(PRIVATE_KEY);
    const key = bed.services.config.paymentSecretsKey!;
    expect(await decryptSecret(key, { businessId: bed.tenant.business.id, column: "cardSecretKey" }, row.cardSecretKey!)).toBe(TEST_SECRET_KEY);
    // Moved to another business or column, or read with another server key, it does not open.
    expect(await decryptSecret(key, { businessId: bed.other.business.id, column: "cardSecretKey" }, row.cardSecretKey!)).toBeNull();
    expect(await decryptSecret(key, { businessId: bed.tenant.business.id, column: "secondProviderPrivateKey" }, row.cardSecretKey!)).toBeNull();
    expect(await decryptSecret("another-server-key-0123456789abcdef", { businessId: bed.tenant.business.id, column: "cardSecretKey" }, row.cardSecretKey!)).toBeNull();
  });

  it("keeps a stored secret when it is left out or sent empty, and replaces it when re-entered", async () => {
    await bed.send(bed.tenant.owner, "PUT", "/admin/settings", allKeys);
    const before = await storedRow();
    await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "eur", STRIPE_SECRET_KEY: "", SECOND_PROVIDER_PUBLIC_KEY: "changed-public" });
    const kept = await storedRow();
    expect(kept.cardSecretKey).toBe(before.cardSecretKey);
    expect(kept.secondProviderPrivateKey).toBe(before.secondProviderPrivateKey);
    expect(kept.secondProviderPublicKey).toBe("changed-public");
    expect(kept.cardPublishableKey).toBe(TEST_PUBLISHABLE_KEY);
    // Another key the provider accepts (a key the provider refuses is not saved: selling-without-card.test.ts).
    await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { STRIPE_SECRET_KEY: TEST_OTHER_SECRET_KEY });
    const replaced = await storedRow();
    expect(await decryptSecret(bed.services.config.paymentSecretsKey!, { businessId: bed.tenant.business.id, column: "cardSecretKey" }, replaced.cardSecretKey!)).toBe(TEST_OTHER_SECRET_KEY);
  });

  it("is the owner's alone to change: teacher and student 403, no session 401, nothing stored", async () => {
    for (const who of [bed.tenant.teacher, bed.tenant.student]) {
      const res = await bed.send(who, "PUT", "/admin/settings", allKeys);
      expect(res.status).toBe(403);
    }
    expect((await bed.send(null, "PUT", "/admin/settings", allKeys)).status).toBe(401);
    expect((await bed.send(null, "GET", "/admin/settings")).status).toBe(401);
    expect(await storedRow()).toBeUndefined();
  });

  it("refuses an unknown currency or an overlong key with a clear 400, and changes nothing", async () => {
    const currency = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { ...allKeys, CURRENCY: "xyz" });
    expect(currency.status).toBe(400);
    expect(currency.body.message).toBe(CURRENCY_INVALID);
    const long = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { ...allKeys, STRIPE_SECRET_KEY: "k".repeat(10_000) });
    expect(long.status).toBe(400);
    for (const body of ["null", "[]", "{", { STRIPE_SECRET_KEY: 42 }]) {
      expect((await bed.send(bed.tenant.owner, "PUT", "/admin/settings", body)).status).toBe(400);
    }
    expect(await storedRow()).toBeUndefined();
  });

  it("keeps the currency while plans exist (their provider prices are in it)", async () => {
    await bed.send(bed.tenant.owner, "PUT", "/admin/settings", allKeys);
    const plan = await bed.send(bed.tenant.owner, "POST", "/subscriptions", { title: "Premium", price: 9.5, interval: "month" });
    expect(plan.status).toBe(201);
    const res = await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "usd" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(CURRENCY_LOCKED);
    expect((await storedRow()).currency).toBe("eur");
    // The same currency (any case) with other changes is fine.
    expect((await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { CURRENCY: "EUR", SECOND_PROVIDER_PUBLIC_KEY: "x" })).status).toBe(200);
  });

  it("lets keys from the environment win, still never showing the secret", async () => {
    bed.services.config.stripe = { ...bed.services.config.stripe, secretKey: "sk_test_from_env_999", publishableKey: "pk_test_from_env" };
    const res = await bed.send(bed.tenant.owner, "GET", "/admin/settings");
    expect(res.body.data).toMatchObject({ STRIPE_SECRET_KEY_SET: true, STRIPE_PUBLISHABLE_KEY: "pk_test_from_env", STRIPE_KEYS_FROM_ENVIRONMENT: true });
    expect(res.text).not.toContain("sk_test_from_env_999");
  });

  it("writes no secret to any log line, even when the provider fails or refuses the key", async () => {
    const logged: unknown[][] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args)));
    try {
      await bed.send(bed.tenant.owner, "PUT", "/admin/settings", allKeys);
      bed.stripe.failNext(4);
      expect((await bed.send(bed.tenant.owner, "POST", "/subscriptions", { title: "Premium", price: 5, interval: "week" })).status).toBe(503);
      expect((await bed.send(bed.tenant.owner, "PUT", "/admin/settings", { STRIPE_SECRET_KEY: "sk_test_refused_by_stand_in_77" })).status).toBe(400);
      // A key the provider refuses later (the environment's wins over the stored one).
      bed.services.config.stripe = { ...bed.services.config.stripe, secretKey: "sk_test_refused_by_stand_in_77" };
      expect((await bed.send(bed.tenant.owner, "POST", "/subscriptions", { title: "Premium", price: 5, interval: "week" })).status).toBe(503);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    const text = logged.map((args) => args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" ")).join("\n");
    for (const secret of [TEST_SECRET_KEY, PRIVATE_KEY, "sk_test_refused_by_stand_in_77"]) expect(text).not.toContain(secret);
  });
});
