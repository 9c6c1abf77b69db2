import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

/**
 * Two-step sign-in (docs/decisions/0013-two-step-sign-in.md): a time-based one-time code
 * (TOTP, RFC 6238) from an authenticator app, and one-time recovery codes for a lost device.
 */

/**
 * One authenticator per user. The secret has to be readable (the server computes the
 * expected code from it), so unlike tokens it is not hashed. `enabledAt` stays null while
 * the user has scanned the QR code but not yet proved it with a code; such a row does not
 * change how the user signs in. `lastUsedStep` is the 30-second step of the last accepted
 * code: a code is accepted only for a later step, so each code works once (ASVS 2.8.4).
 */
export const userMfa = sqliteTable("user_mfa", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: createdAt(),
});

/** Ten per enabling, shown once; stored as SHA-256 hex (120-bit random codes, db/hash.ts). */
export const mfaRecoveryCodes = sqliteTable(
  "mfa_recovery_codes",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at"),
  },
  // Lookups are always (user, hash); the unique index serves them and the user's list.
  (t) => [uniqueIndex("mfa_recovery_codes_user_code_uq").on(t.userId, t.codeHash)],
);

export type UserMfa = typeof userMfa.$inferSelect;
export type MfaRecoveryCode = typeof mfaRecoveryCodes.$inferSelect;
