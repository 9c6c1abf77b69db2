import type { CodeKeys } from "../../utils/message-codes";

/** The payment verbs' codes (api/services/message-codes.ts) → keys of locales/<lang>/payments.json: the page says them in the user's language. */
export const PAYMENT_CODE_KEYS: CodeKeys = {
  PAYMENT_SETTINGS_UPDATED: "messages.settingsUpdated",
  PLAN_CREATED: "messages.planCreated",
  PLAN_UPDATED: "messages.planUpdated",
  PLAN_DELETED: "messages.planDeleted",
  PAYMENT_SECRET_KEY_MISSING: "messages.noSecretKey",
  CURRENCY_LOCKED: "messages.currencyLocked",
  PAYMENT_PROVIDER_FAILED: "messages.providerFailed",
  PAYMENT_PROVIDER_UNREACHABLE: "messages.providerUnreachable",
  PAYMENT_KEY_REFUSED: "messages.keyRefused",
  PAYMENT_KEY_ACCEPTED: "messages.keyAccepted",
  PLAN_CHANGED_MEANWHILE: "messages.planChangedMeanwhile",
  PAYMENT_SECRETS_KEY_MISSING: "messages.secretsKeyMissing",
  CURRENCY_INVALID: "messages.currencyInvalid",
  PAYMENT_KEY_TOO_LONG: "messages.keyTooLong",
  PLAN_TITLE_REQUIRED: "messages.titleRequired",
  MIN_2_CHARACTERS: "messages.titleMin",
  MAX_40_CHARACTERS: "messages.titleMax",
  MAX_255_SYMBOLS: "messages.descriptionMax",
  PLAN_PRICE_REQUIRED: "messages.priceRequired",
  PLAN_PRICE_NOT_A_NUMBER: "messages.priceNumber",
  PLAN_PRICE_OUT_OF_RANGE: "messages.priceRange",
  PLAN_PRICE_DECIMALS: "messages.priceDecimals",
  PLAN_INTERVAL_REQUIRED: "messages.intervalRequired",
  PLAN_INTERVAL_INVALID: "messages.intervalInvalid",
  TEXT_NOT_ONE_LINE: "messages.notOneLine",
};

/** Spec 9's intervals, as literals: the schema module does not ship to the browser (messages.test.ts pins them). */
export const PLAN_INTERVAL_CHOICES = ["day", "week", "month", "quarterly", "year"] as const;

/** A price in the business's currency, in the reader's language (Intl). */
export function formatPrice(price: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency }).format(price);
}

/** A currency's name in the reader's language, e.g. "EUR — Euro". */
export function currencyLabel(code: string, language: string): string {
  const name = new Intl.DisplayNames([language], { type: "currency" }).of(code.toUpperCase());
  return name && name !== code.toUpperCase() ? `${code.toUpperCase()} — ${name}` : code.toUpperCase();
}
