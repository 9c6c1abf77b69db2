import { type AnySQLiteColumn, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { businesses } from "./businesses";
import { createdAt, id, timestamp } from "./columns";
import { users } from "./users";

/**
 * Credentials. Secrets (private keys, refresh and reset tokens) are stored only as
 * SHA-256 hex digests (db/hash.ts): a leaked database must not yield working tokens.
 * They are high-entropy random strings, so a fast hash is enough (no password KDF needed).
 */

/** One key pair per row; the private key is shown once, at creation. */
export const apiKeyPairs = sqliteTable(
  "api_key_pairs",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull().unique("api_key_pairs_public_key_uq"),
    privateKeyHash: text("private_key_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at"),
    /** Key login refuses the pair after this (config keyPairTtlDays). Null only on rows older than the column: treated as expired. */
    expiresAt: timestamp("expires_at"),
    revokedAt: timestamp("revoked_at"),
  },
  (t) => [index("api_key_pairs_user_idx").on(t.userId)],
);

/**
 * One row per sign-in (password, key pair, provider, module endpoint), on any device. Its id
 * is the `sid` claim of every access token issued for it and the `familyId` of its refresh
 * tokens, so ending the row (logout, password reset or change, role switch, "sign out
 * everywhere else") ends both at once. `expiresAt` is absolute: rotation never extends it.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Updated when the session's refresh token rotates (about every access-token lifetime). */
    lastUsedAt: timestamp("last_used_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    endedAt: timestamp("ended_at"),
    /** The User-Agent header at sign-in (truncated), shown as the device in the session list. */
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/**
 * Rotating refresh tokens. Each refresh revokes the presented token and links it to its
 * successor (`replacedById`); all tokens issued from one login share a `familyId`, so that
 * presenting an already-rotated token (theft) revokes the whole family at once.
 */
export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("refresh_tokens_token_hash_uq"),
    familyId: text("family_id").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at"),
    /**
     * Set when a concurrent request presented this token again within the rotation grace
     * window and got the one extra successor the window allows (refresh-session.ts).
     */
    graceUsedAt: timestamp("grace_used_at"),
    replacedById: integer("replaced_by_id").references((): AnySQLiteColumn => refreshTokens.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("password_reset_tokens_token_hash_uq"),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** One-time links that confirm a self-registered account's e-mail (stored hashed, expiring). */
export const emailVerificationTokens = sqliteTable(
  "email_verification_tokens",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique("email_verification_tokens_token_hash_uq"),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_verification_tokens_user_idx").on(t.userId)],
);

/**
 * Failed-login counters, keyed by what is being throttled ("email:a@b.c", "ip:1.2.3.4"),
 * so one table serves per-account and per-address limits. Not tenant data: a login
 * attempt is made before the business is known.
 */
export const loginThrottle = sqliteTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at").notNull(),
  lockedUntil: timestamp("locked_until"),
});

export type ApiKeyPair = typeof apiKeyPairs.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type EmailVerificationToken = typeof emailVerificationTokens.$inferSelect;
export type RefreshToken = typeof refreshTokens.$inferSelect;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
