import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Work that one app server at a time must do, where several serve one database (ADR 0090):
 * the deadline sweep, and any outbox run (the LTI grade outbox) that should not send twice.
 * A server holds a lease by name until `expires_at` (epoch ms) or until it lets go; one that
 * dies holding it blocks nobody past that time (api/services/core/leases.ts).
 */
export const serverLeases = sqliteTable("server_leases", {
  name: text("name").primaryKey(),
  /** Who holds it: a random id of the holding process, new at each start. */
  holder: text("holder").notNull(),
  expiresAt: integer("expires_at").notNull(),
});
