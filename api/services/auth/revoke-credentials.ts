import { and, eq, isNull, ne } from "drizzle-orm";
import { apiKeyPairs, refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import { endUserSessionsStatement } from "./sessions";

/**
 * The statements that end every way into an account except, optionally, one session: its
 * other sessions (access tokens die with them), their refresh tokens and its key pairs.
 * Used by a password reset, a password change and "sign out everywhere else", in one batch
 * with the verb's own writes so the account is never half-revoked.
 */
export function revokeCredentialsStatements(services: AppServices, userId: number, keepSessionId?: string) {
  const now = services.now();
  const liveTokens = and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt));
  return [
    endUserSessionsStatement(services, userId, keepSessionId),
    services.db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(keepSessionId ? and(liveTokens, ne(refreshTokens.familyId, keepSessionId)) : liveTokens),
    services.db
      .update(apiKeyPairs)
      .set({ revokedAt: now })
      .where(and(eq(apiKeyPairs.userId, userId), isNull(apiKeyPairs.revokedAt))),
  ] as const;
}
