/**
 * Money in a currency's minor unit (cents; yen for JPY): the database and Stripe's
 * `unit_amount` hold whole minor units, so no float ever carries money. How many decimals a
 * currency has comes from Intl, the same source the pages format prices with.
 */

/** The currencies the owner may choose: widely used, and Stripe's minor unit equals ISO 4217's for each. */
export const CURRENCIES = ["usd", "eur", "gbp", "chf", "cad", "aud", "nzd", "sek", "nok", "dkk", "pln", "jpy", "cny", "inr", "brl", "mxn", "zar", "sgd"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "usd";

/** Stripe's largest unit_amount (8 digits of minor units). */
export const MAX_MINOR_UNITS = 99_999_999;

export function minorDigits(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A decimal price in minor units, or null when it has more decimals than the currency. */
export function toMinorUnits(price: number, currency: string): number | null {
  const factor = 10 ** minorDigits(currency);
  const minor = Math.round(price * factor);
  // 19.99 * 100 is 1998.9999999999998: compare with a tolerance far below one minor unit.
  return Math.abs(minor - price * factor) < 1e-6 ? minor : null;
}

export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}
