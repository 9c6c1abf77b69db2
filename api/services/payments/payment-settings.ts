import { eq } from "drizzle-orm";
import { paymentSettings, subscriptionPlans } from "../../../db/schema";
import type { PaymentSettings } from "../../../db/schema/subscriptions";
import { getAdminSetting } from "../admin-settings/get-admin-setting";
import type { AdminSetting } from "../admin-settings/schemas";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError, Conflict } from "../core/errors";
import { assertOwner } from "../core/permissions";
import { DEFAULT_CURRENCY } from "./money";
import { CURRENCY_LOCKED, PaymentSettingsInput, type PaymentSettingsView, SECRETS_KEY_MISSING, SETTINGS_UPDATED } from "./schemas";
import { decryptSecret, encryptSecret } from "./secret-box";

/** The two secret columns; each is sealed for its own place (secret-box.ts). */
type SecretColumn = "cardSecretKey" | "secondProviderPrivateKey";

async function settingsRow(services: AppServices, businessId: number): Promise<PaymentSettings | undefined> {
  const [row] = await services.db.select().from(paymentSettings).where(eq(paymentSettings.businessId, businessId)).limit(1);
  return row;
}

/** What the server uses to talk to the card provider; never leaves the server. */
export interface CardProviderKeys {
  currency: string;
  publishableKey: string | null;
  /** Null: subscriptions are off (no key, or one that no longer decrypts). */
  secretKey: string | null;
}

/** The business's card keys, the environment's winning when set (decisions: Payments). */
export async function cardProviderKeys(services: AppServices, businessId: number): Promise<CardProviderKeys> {
  const row = await settingsRow(services, businessId);
  const env = services.config.stripe;
  const stored = row?.cardSecretKey && services.config.paymentSecretsKey ? await decryptSecret(services.config.paymentSecretsKey, { businessId, column: "cardSecretKey" }, row.cardSecretKey) : null;
  return {
    currency: row?.currency ?? DEFAULT_CURRENCY,
    publishableKey: env.publishableKey ?? row?.cardPublishableKey ?? null,
    secretKey: env.secretKey ?? stored,
  };
}

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
 */
export async function updatePaymentSettings(services: AppServices, caller: Caller, input: unknown): Promise<{ message: string; data: PaymentSettingsView & AdminSetting }> {
  assertOwner(caller);
  const values = PaymentSettingsInput.parse(input);
  const businessId = caller.businessId;
  const current = await settingsRow(services, businessId);
  const currency = values.CURRENCY ?? current?.currency ?? DEFAULT_CURRENCY;
  if (currency !== (current?.currency ?? DEFAULT_CURRENCY)) {
    const [plan] = await services.db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(eq(subscriptionPlans.businessId, businessId)).limit(1);
    if (plan) throw new Conflict(CURRENCY_LOCKED);
  }
  const seal = async (column: SecretColumn, plaintext: string | undefined): Promise<string | undefined> => {
    if (!plaintext) return undefined;
    const serverKey = services.config.paymentSecretsKey;
    if (!serverKey) throw new AppError(503, SECRETS_KEY_MISSING);
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
  return { message: SETTINGS_UPDATED, data: await getPaymentSettings(services, caller) };
}

function dropUndefined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}
