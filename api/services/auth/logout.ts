import { eq } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { revokeFamilyStatement } from "./refresh-session";
import { RefreshInput } from "./schemas";
import { endSessionStatement } from "./sessions";

/**
 * Ends a sign-in: the session named by the refresh token (body or cookie) and, for a caller
 * signed in with only an access token, the session that token names. Its access tokens stop
 * working on the next request and its refresh tokens are revoked. Idempotent and silent: an
 * unknown or already ended session is not an error, so signing out always succeeds.
 */
export async function logout(services: AppServices, input: RefreshInput, caller?: Caller | null): Promise<void> {
  const { refreshToken } = RefreshInput.parse(input);
  const ended = new Map<string, number>();
  if (caller?.sessionId) ended.set(caller.sessionId, caller.userId);
  if (refreshToken) {
    const [token] = await services.db
      .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)))
      .limit(1);
    if (token) ended.set(token.familyId, token.userId);
  }
  for (const [sessionId, userId] of ended) {
    await services.db.batch([endSessionStatement(services, userId, sessionId), revokeFamilyStatement(services, userId, sessionId)]);
  }
}
