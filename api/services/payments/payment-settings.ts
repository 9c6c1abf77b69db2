import { eq } from "drizzle-orm";
import { paymentSettings, subscriptionPlans } from "../../../db/schema";
import { getAdminSetting } from "../admin-settings/get-admin-setting";
import type { AdminSetting } from "../admin-settings/schemas";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError, Conflict, Invalid } from "../core/errors";
import { assertOwner } from "../core/permissions";
import { cardProviderKeys, type SecretColumn, settingsRow } from "./card-keys";
import { DEFAULT_CURRENCY } from "./money";
import { giveProviderPricesToOfflinePlans } from "./plans";
import { PaymentSettingsInput, type PaymentSettingsView } from "./schemas";
import { encryptSecret } from "./secret-box";
import { checkCardKey } from "./stripe-client";
import { type SaidAs, say } from "../message-codes";

// Other modules read the keys from here, as before the split (card-keys.ts).
export { cardProviderKeys, type CardProviderKeys } from "./card-keys";

/**
 * GET /api/admin/settings (decisions: Payment settings): the currency, the public keys, the
 * secrets as set / not set, and the owner's allowed flags. Any signed-in user of the
 * business may read it: students see the currency and whether they can subscribe.
 */
export async function getPaymentSettings(services: AppServices, caller: Caller): Promise<PaymentSettingsView & AdminSetting> {
  const [row, keys, adminSetting] = await Promise.all([
    settingsRow(services, caller.businessId),
    cardProviderKeys(services, caller.businessId),
    getAdminSetting(services, caller),
  ]);
  return {
    ...adminSetting,
    CURRENCY: (row?.currency ?? DEFAULT_CURRENCY).toUpperCase(),
    STRIPE_PUBLISHABLE_KEY: keys.publishableKey ?? "",
    STRIPE_SECRET_KEY_SET: keys.secretKey !== null,
    SECOND_PROVIDER_PUBLIC_KEY: row?.secondProviderPublicKey ?? "",
    SECOND_PROVIDER_PRIVATE_KEY_SET: Boolean(row?.secondProviderPrivateKey),
    STRIPE_KEYS_FROM_ENVIRONMENT: services.config.stripe.secretKey !== null,
    SUBSCRIPTIONS_AVAILABLE: adminSetting.enableSubscription === "Yes" && keys.secretKey !== null,
  };
}

/**
 * PUT /api/admin/settings (owner only). A secret left out or empty keeps the stored one; a
 * public value left out keeps its value too, sent empty clears it. The currency stays while
 * plans exist: their provider prices are in it (ADR 0043).
 *
 * A new card secret key is checked with the provider before anything is saved (issue 25,
 * point 4; ADR 0060): refused, it is a field error and nothing is saved; a provider that
 * cannot be reached is a 503 that says so, and nothing is saved either; accepted, the answer
 * says `keyCheck: "accepted"` (and `keyAnswer`, PAYMENT_KEY_ACCEPTED), and the plans made without a card price (offline only) get
 * their product and price at the provider.
 */
export async function updatePaymentSettings(
  services: AppServices,
  caller: Caller,
  input: unknown,
): Promise<{ message: string; code: "PAYMENT_SETTINGS_UPDATED"; data: PaymentSettingsView & AdminSetting; keyCheck?: "accepted"; keyAnswer?: SaidAs<"PAYMENT_KEY_ACCEPTED"> }> {
  assertOwner(caller);
  const values = PaymentSettingsInput.parse(input);
  const businessId = caller.businessId;
  const current = await settingsRow(services, businessId);
  const currency = values.CURRENCY ?? current?.currency ?? DEFAULT_CURRENCY;
  if (currency !== (current?.currency ?? DEFAULT_CURRENCY)) {
    const [plan] = await services.db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.businessId, businessId)).limit(1);
    if (plan) throw new Conflict(say("CURRENCY_LOCKED"));
  }
  if (values.STRIPE_SECRET_KEY) await checkNewCardKey(services, values.STRIPE_SECRET_KEY);
  const seal = async (column: SecretColumn, plaintext: string | undefined): Promise<string | undefined> => {
    if (!plaintext) return undefined;
    const serverKey = services.config.paymentSecretsKey;
    if (!serverKey) throw new AppError(503, say("PAYMENT_SECRETS_KEY_MISSING"));
    return encryptSecret(serverKey, { businessId, column }, plaintext);
  };
  const changes = {
    currency,
    ...(values.STRIPE_PUBLISHABLE_KEY === undefined ? {} : { cardPublishableKey: values.STRIPE_PUBLISHABLE_KEY || null }),
    ...(values.SECOND_PROVIDER_PUBLIC_KEY === undefined ? {} : { secondProviderPublicKey: values.SECOND_PROVIDER_PUBLIC_KEY || null }),
    ...dropUndefined({
      cardSecretKey: await seal("cardSecretKey", values.STRIPE_SECRET_KEY),
      secondProviderPrivateKey: await seal("secondProviderPrivateKey", values.SECOND_PROVIDER_PRIVATE_KEY),
    }),
  };
  await services.db
    .insert(paymentSettings)
    .values({ businessId, ...changes })
    .onConflictDoUpdate({ target: paymentSettings.businessId, set: changes });
  if (!values.STRIPE_SECRET_KEY) return { ...say("PAYMENT_SETTINGS_UPDATED"), data: await getPaymentSettings(services, caller) };
  await giveProviderPricesToOfflinePlans(services, caller);
  // The provider's word on the key, said by its code for the page (ADR 0061); `keyCheck` for API clients that decide on it.
  return { ...say("PAYMENT_SETTINGS_UPDATED"), data: await getPaymentSettings(services, caller), keyCheck: "accepted", keyAnswer: say("PAYMENT_KEY_ACCEPTED") };
}

/** The provider's word on a key being saved; its refusal is the key field's error. */
async function checkNewCardKey(services: AppServices, secretKey: string): Promise<void> {
  try {
    await checkCardKey(services, secretKey);
  } catch (error) {
    if (error instanceof AppError && error.code === "PAYMENT_KEY_REFUSED") throw new Invalid(say("PAYMENT_KEY_REFUSED"), { STRIPE_SECRET_KEY: say("PAYMENT_KEY_REFUSED") });
    throw error;
  }
}

function dropUndefined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}
