import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { createdAt, id, timestamp } from "./columns";
import { ltiPlatforms } from "./lti";
import { users } from "./users";

/**
 * A deep-linking request (LTI Deep Linking 2.0) waiting for the teacher's choice (ADR 0088): the
 * platform's verified `deep_linking_settings` kept on the server, bound to the teacher the launch
 * signed in, short-lived and answered once. The picker's address carries a random token whose
 * SHA-256 alone is stored, so a database read cannot answer for the teacher.
 */
export const ltiDeepLinkRequests = sqliteTable(
  "lti_deep_link_requests",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique("lti_deep_link_requests_token_uq"),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    platformId: integer("platform_id")
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: "cascade" }),
    deploymentId: text("deployment_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The verified deep_linking_settings claim, as JSON. */
    settings: text("settings").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    /** Set when the teacher's choice went back: a second answer is refused. */
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("lti_deep_link_requests_expires_idx").on(t.expiresAt)],
);

export type LtiDeepLinkRequestRow = typeof ltiDeepLinkRequests.$inferSelect;
