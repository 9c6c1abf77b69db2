import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { bool, createdAt, id, timestamp } from "./columns";
import { users } from "./users";

export const PLAN_INTERVALS = ["day", "week", "month", "quarterly", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

/** A plan the owner offers (spec: Subscription). Prices in cents: no float money. */
export const subscriptionPlans = sqliteTable(
  "subscription_plans",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    title: text("title").notNull(),
    priceCents: integer("price_cents").notNull(),
    interval: text("interval", { enum: PLAN_INTERVALS }).notNull(),
    description: text("description").notNull().default(""),
    status: bool("status").notNull().default(true),
    autoCharge: bool("auto_charge").notNull().default(false),
    /** The payment provider's price id, once the plan exists there. */
    providerPriceCode: text("provider_price_code"),
    createdAt: createdAt(),
  },
  (t) => [
    index("subscription_plans_business_idx").on(t.businessId, t.createdAt),
    check("subscription_plans_price_ck", sql`${t.priceCents} >= 0`),
  ],
);

/**
 * A user's subscription. Created when checkout starts (`checkoutSessionId`, unique so the
 * return URL's session_id finds exactly one row) and completed by the provider's webhook.
 */
export const subscribers = sqliteTable(
  "subscribers",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: integer("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id").unique(
      "subscribers_provider_subscription_uq",
    ),
    checkoutSessionId: text("checkout_session_id").unique("subscribers_checkout_session_uq"),
    /** The provider's status ("active", "past_due", "canceled"…) or "pending" / "manual". */
    status: text("status").notNull().default("pending"),
    currentPeriodEnd: timestamp("current_period_end"),
    createdAt: createdAt(),
  },
  (t) => [index("subscribers_business_user_idx").on(t.businessId, t.userId)],
);

export const OFFLINE_REQUEST_STATUSES = ["Pending", "Paid", "Refused"] as const;
export type OfflineRequestStatus = (typeof OFFLINE_REQUEST_STATUSES)[number];

/**
 * A student's request to pay a plan offline, by bank transfer (issue 17 point 5, ADR 0045).
 * The plan's title, price and interval are copied in when asked, so the owner confirms what
 * the student was told even if the plan changes or goes. One Pending request per student and
 * plan (the partial unique index): asking twice answers the same request.
 */
export const offlinePaymentRequests = sqliteTable(
  "offline_payment_requests",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: integer("plan_id").references(() => subscriptionPlans.id, { onDelete: "set null" }),
    planTitle: text("plan_title").notNull(),
    priceCents: integer("price_cents").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval", { enum: PLAN_INTERVALS }).notNull(),
    status: text("status", { enum: OFFLINE_REQUEST_STATUSES }).notNull().default("Pending"),
    /** The paid period the owner entered (Paid only); access runs until periodEnd. */
    periodStart: timestamp("period_start"),
    periodEnd: timestamp("period_end"),
    /** When the owner marked it paid or refused it. */
    decidedAt: timestamp("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("offline_payment_requests_business_idx").on(t.businessId, t.status, t.createdAt),
    uniqueIndex("offline_payment_requests_pending_uq").on(t.userId, t.planId).where(sql`${t.status} = 'Pending'`),
  ],
);

/** Provider webhook event ids already processed: inserting twice fails, so each is handled once. */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  receivedAt: timestamp("received_at")
    .notNull()
    .$defaultFn(() => new Date()),
});

/**
 * Per-business payment keys (spec: Payment settings). Secret keys are write-only from the
 * browser's point of view: never return them in a response.
 */
export const paymentSettings = sqliteTable("payment_settings", {
  businessId: integer("business_id")
    .primaryKey()
    .references(() => businesses.id),
  currency: text("currency").notNull().default("usd"),
  cardPublishableKey: text("card_publishable_key"),
  cardSecretKey: text("card_secret_key"),
  secondProviderPublicKey: text("second_provider_public_key"),
  secondProviderPrivateKey: text("second_provider_private_key"),
});

export type SubscriptionPlan = typeof subscriptionPlans.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type PaymentSettings = typeof paymentSettings.$inferSelect;
export type OfflinePaymentRequest = typeof offlinePaymentRequests.$inferSelect;
