import {
  CURRENCY_INVALID,
  CURRENCY_LOCKED,
  KEY_TOO_LONG,
  NO_SECRET_KEY,
  PLAN_CHANGED_MEANWHILE,
  PLAN_CREATED,
  PLAN_DELETED,
  PLAN_MESSAGES,
  PLAN_UPDATED,
  PROVIDER_FAILED,
  SECRETS_KEY_MISSING,
  SETTINGS_UPDATED,
} from "../../../api/services/payments/messages";

/** The services' English messages → keys of locales/<lang>/payments.json (the page says them in the user's language). */
export const PAYMENT_MESSAGE_KEYS: Record<string, string> = {
  [SETTINGS_UPDATED]: "messages.settingsUpdated",
  [PLAN_CREATED]: "messages.planCreated",
  [PLAN_UPDATED]: "messages.planUpdated",
  [PLAN_DELETED]: "messages.planDeleted",
  [NO_SECRET_KEY]: "messages.noSecretKey",
  [CURRENCY_LOCKED]: "messages.currencyLocked",
  [PROVIDER_FAILED]: "messages.providerFailed",
  [PLAN_CHANGED_MEANWHILE]: "messages.planChangedMeanwhile",
  [SECRETS_KEY_MISSING]: "messages.secretsKeyMissing",
  [CURRENCY_INVALID]: "messages.currencyInvalid",
  [KEY_TOO_LONG]: "messages.keyTooLong",
  [PLAN_MESSAGES.titleRequired]: "messages.titleRequired",
  [PLAN_MESSAGES.titleMin]: "messages.titleMin",
  [PLAN_MESSAGES.titleMax]: "messages.titleMax",
  [PLAN_MESSAGES.descriptionMax]: "messages.descriptionMax",
  [PLAN_MESSAGES.priceRequired]: "messages.priceRequired",
  [PLAN_MESSAGES.priceNumber]: "messages.priceNumber",
  [PLAN_MESSAGES.priceRange]: "messages.priceRange",
  [PLAN_MESSAGES.priceDecimals]: "messages.priceDecimals",
  [PLAN_MESSAGES.intervalRequired]: "messages.intervalRequired",
  [PLAN_MESSAGES.intervalInvalid]: "messages.intervalInvalid",
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
