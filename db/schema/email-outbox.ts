import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { bool, createdAt, id, timestamp } from "./columns";

/**
 * Every e-mail the product sends, whatever the provider (decisions: "every sent message is
 * recorded"). Without Postmark, rows stay `stored` and the owner reads them in the app.
 * `businessId` is null only for system mail that belongs to no business.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    businessId: integer("business_id").references(() => businesses.id),
    to: text("to_address").notNull(),
    from: text("from_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** What kind of mail this is ("password-reset", "student-result"…), for filtering. */
    tag: text("tag"),
    provider: text("provider", { enum: ["outbox", "postmark"] }).notNull(),
    status: text("status", { enum: ["stored", "sent", "failed"] }).notNull(),
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    /**
     * True when a real provider delivered the message and the stored copy had its secret
     * links (reset, verification, auto-login) replaced: the outbox is then a record, not a
     * second way into an account.
     */
    secretsRedacted: bool("secrets_redacted").notNull().default(false),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [index("email_outbox_business_created_idx").on(t.businessId, t.createdAt)],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type NewEmailOutboxRow = typeof emailOutbox.$inferInsert;
