import { z } from "@hono/zod-openapi";
import { PLAN_INTERVALS, type PlanInterval } from "../../../db/schema/subscriptions";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";
import { CURRENCIES } from "./money";
import { singleLine } from "../core/single-line";

// The messages live apart, free of zod, so the pages' message maps can import them.
export * from "./messages";

// The checks say their texts by code (ADR 0061); the English is messages.ts's, through the catalogue.
const M = {
  titleRequired: schemaMessage("PLAN_TITLE_REQUIRED"),
  titleMin: schemaMessage("MIN_2_CHARACTERS"),
  titleMax: schemaMessage("MAX_40_CHARACTERS"),
  descriptionMax: schemaMessage("MAX_255_SYMBOLS"),
  priceRequired: schemaMessage("PLAN_PRICE_REQUIRED"),
  priceNumber: schemaMessage("PLAN_PRICE_NOT_A_NUMBER"),
  priceRange: schemaMessage("PLAN_PRICE_OUT_OF_RANGE"),
  intervalRequired: schemaMessage("PLAN_INTERVAL_REQUIRED"),
  intervalInvalid: schemaMessage("PLAN_INTERVAL_INVALID"),
  idInvalid: schemaMessage("PLAN_ID_INVALID"),
  currencyInvalid: schemaMessage("CURRENCY_INVALID"),
  keyTooLong: schemaMessage("PAYMENT_KEY_TOO_LONG"),
};
const title = singleLine(z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).min(2, M.titleMin).max(40, M.titleMax));
const description = z.string({ error: M.descriptionMax }).trim().max(255, M.descriptionMax);
/** A decimal number in the business's currency; forms send it as text. */
const price = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() === "" ? undefined : Number(value.trim())) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? M.priceRequired : M.priceNumber) })
    .refine(Number.isFinite, M.priceNumber)
    .refine((value) => value > 0 && value <= 999_999.99, M.priceRange),
);
const interval = z.enum(PLAN_INTERVALS, {
  error: (issue) => (issue.input === undefined || issue.input === "" ? M.intervalRequired : M.intervalInvalid),
});
/** Forms send "true"/"false"; the API sends booleans. */
const flag = z.preprocess((value) => (value === "true" ? true : value === "false" ? false : value), z.boolean({ error: "Field is not valid" }));
const planId = z.coerce.number({ error: M.idInvalid }).int(M.idInvalid).positive(M.idInvalid);

const body = { error: BODY_NOT_AN_OBJECT };

export const PlanInput = z.object(
  {
    title,
    price: price.openapi({ type: "number", description: "In the business's currency, e.g. 9.99 (stored in minor units)" }),
    interval,
    description: description.optional(),
    status: flag.optional().openapi({ type: "boolean", description: "Offered to students (default true)" }),
    auto_charge: flag.optional().openapi({ type: "boolean", description: "Renewals charge the card automatically (default false: an invoice is sent)" }),
  },
  body,
);
export type PlanInput = z.input<typeof PlanInput>;

/** An update changes only the fields sent (the toggles send `{ id, status }` or `{ id, auto_charge }`). */
export const PlanUpdateInput = z.object(
  {
    id: planId,
    title: title.optional(),
    price: price.optional().openapi({ type: "number" }),
    interval: interval.optional(),
    description: description.optional(),
    status: flag.optional().openapi({ type: "boolean" }),
    auto_charge: flag.optional().openapi({ type: "boolean" }),
  },
  body,
);
export const PlanIdInput = z.object({ id: planId });

/** A key: trimmed; empty or absent keeps the stored one (ADR 0043). */
const key = z.string({ error: "Field is not valid" }).trim().max(255, M.keyTooLong).optional();

export const PaymentSettingsInput = z.object(
  {
    CURRENCY: z
      .string({ error: M.currencyInvalid })
      .trim()
      .toLowerCase()
      .pipe(z.enum(CURRENCIES, { error: M.currencyInvalid }))
      .optional(),
    STRIPE_PUBLISHABLE_KEY: key,
    STRIPE_SECRET_KEY: key.openapi({ description: "Write-only; empty or absent keeps the stored one" }),
    SECOND_PROVIDER_PUBLIC_KEY: key,
    SECOND_PROVIDER_PRIVATE_KEY: key.openapi({ description: "Write-only; empty or absent keeps the stored one" }),
  },
  body,
);
export type PaymentSettingsInput = z.input<typeof PaymentSettingsInput>;

/** What any browser may see of the payment settings: secrets only as set / not set. */
export interface PaymentSettingsView {
  CURRENCY: string;
  STRIPE_PUBLISHABLE_KEY: string;
  STRIPE_SECRET_KEY_SET: boolean;
  SECOND_PROVIDER_PUBLIC_KEY: string;
  SECOND_PROVIDER_PRIVATE_KEY_SET: boolean;
  /** Keys set in the server's environment override the owner's (decisions: Payments). */
  STRIPE_KEYS_FROM_ENVIRONMENT: boolean;
  /** Students can subscribe: the owner enabled subscriptions and a card secret key is set. */
  SUBSCRIPTIONS_AVAILABLE: boolean;
}

/** A plan at the API boundary (spec 3: Subscription). */
export interface PlanView {
  id: number;
  title: string;
  price: number;
  currency: string;
  interval: PlanInterval;
  description: string;
  status: boolean;
  auto_charge: boolean;
  /** The provider's price code (`price_…`), which checkout takes as `priceId`. */
  priceId: string | null;
}
