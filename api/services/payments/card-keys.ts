import { eq } from "drizzle-orm";
import { paymentSettings } from "../../../db/schema";
import type { PaymentSettings } from "../../../db/schema/subscriptions";
import type { AppServices } from "../core/app-services";
import { DEFAULT_CURRENCY } from "./money";
import { decryptSecret } from "./secret-box";

/**
 * The business's stored payment settings and the card keys the server uses (ADR 0043), apart
 * from the settings' verbs so that the plans can read the keys and the settings can sync the
 * plans without a cycle.
 */

/** The two secret columns; each is sealed for its own place (secret-box.ts). */
export type SecretColumn = "cardSecretKey" | "secondProviderPrivateKey";

export async function settingsRow(services: AppServices, businessId: number): Promise<PaymentSettings | undefined> {
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

