import { and, eq, isNull, ne } from "drizzle-orm";
import { apiKeyPairs, refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { endUserSessionsStatement } from "./sessions";

/**
 * The statements that end every way into an account except, optionally, one session: its
 * other sessions (access tokens die with them), their refresh tokens and its key pairs.
 * Used by a password reset, a password change and "sign out everywhere else", in one batch
 * with the verb's own writes so the account is never half-revoked.
 */
export function revokeCredentialsStatements(services: AppServices, userId: number, keepSessionId?: string) {
  const now = services.now();
  return [
    ...endSessionsStatements(services, userId, keepSessionId),
    services.db
      .update(apiKeyPairs)
      .set({ revokedAt: now })
      .where(and(eq(apiKeyPairs.userId, userId), isNull(apiKeyPairs.revokedAt))),
  ] as const;
}

/**
 * The statements that end a user's sessions (but, optionally, one) and their refresh tokens,
 * leaving key pairs alone: what a change of the user's rights needs, since access tokens
 * carry the user type and role level (docs/decisions/0029).
 */
export function endSessionsStatements(services: AppServices, userId: number, keepSessionId?: string) {
  const liveTokens = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
  return [
    endUserSessionsStatement(services, userId, keepSessionId),
    services.db
      .update(refreshTokens)
      .set({ revokedAt: services.now() })
      .where(keepSessionId ? and(liveTokens, ne(refreshTokens.familyId, keepSessionId)) : liveTokens),
  ] as const;
}
