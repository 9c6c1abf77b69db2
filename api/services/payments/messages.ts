/**
 * The payment verbs' messages, dependency-free so the pages' message maps can import them
 * (app/components/payments/messages.ts).
 */

/** Spec 5 (subscription form) word for word, and the limits the spec leaves open (ADR 0043). */
export const PLAN_MESSAGES = {
  titleRequired: "Title is required",
  titleMin: "Minimum 2 characters",
  titleMax: "Maximum 40 characters",
  descriptionMax: "Maximum 255 symbols",
  priceRequired: "Price is required",
  priceNumber: "Price must be a number",
  priceRange: "Price must be more than 0 and at most 999,999.99",
  priceDecimals: "Price has more decimals than the currency has",
  intervalRequired: "Interval is required",
  intervalInvalid: "Interval must be day, week, month, quarterly or year",
  idInvalid: "Subscription id must be a positive whole number",
} as const;

export const PLAN_CREATED = "Subscription created successfully";
export const PLAN_UPDATED = "Subscription updated successfully";
export const PLAN_DELETED = "Subscription deleted successfully";
export const SETTINGS_UPDATED = "settings updated successfully";
export const CURRENCY_INVALID = "Currency must be one of the listed currencies";
export const KEY_TOO_LONG = "A key has at most 255 characters";
export const NO_SECRET_KEY = "Subscriptions are off: enter the card provider's secret key in the payment settings first";
export const CURRENCY_LOCKED = "The currency cannot change while plans exist: their prices are in the current currency";
export const SECRETS_KEY_MISSING = "Payment secrets cannot be stored: PAYMENT_SECRETS_KEY is not set on the server";
export const PLAN_CHANGED_MEANWHILE = "The plan was changed meanwhile: reload the page and try again";
/** Any other provider refusal: the key was accepted (or the refusal is not about it), so the key is not blamed (issue 25, point 4). */
export const PROVIDER_FAILED = "The card provider did not accept the request: nothing was changed. Please try again later";
/** The provider could not be reached (network, timeout): nothing was changed or saved. */
export const PROVIDER_UNREACHABLE = "The card provider cannot be reached right now: nothing was changed. Please try again later";
/** The provider answered that the secret key is wrong, revoked or lacks the rights the plans need. */
export const KEY_REFUSED = "The card provider refused the secret key: check it in the payment settings";
/** The settings' answer when a new secret key was checked with the provider and accepted. */
export const KEY_ACCEPTED = "The card provider accepted the secret key: plans can be paid by card";


