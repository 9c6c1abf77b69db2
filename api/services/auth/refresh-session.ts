import { and, eq, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import { Unauthorized } from "../../errors";
import { issueSession } from "./issue-session";
import { RefreshInput } from "./schemas";
import type { SessionTokens } from "./types";

const EXPIRED = "Your session has expired. Login again";

/**
 * Exchanges a refresh token for a new session and retires the old token (rotation). A
 * token that was already rotated is presented only by someone replaying a copy: the whole
 * family (that sign-in on every device it reached) is revoked, so a thief's copy dies too.
 */
export async function refreshSession(services: AppServices, input: RefreshInput): Promise<SessionTokens> {
  const { refreshToken } = RefreshInput.parse(input);
  if (!refreshToken) throw new Unauthorized(EXPIRED);
  const tokenHash = await sha256Hex(refreshToken);
  const [token] = await services.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (!token) throw new Unauthorized(EXPIRED);

  const now = services.now();
  if (token.revokedAt) {
    if (token.replacedById !== null) await revokeFamily(services, token.familyId, now);
    throw new Unauthorized(EXPIRED);
  }
  if (token.expiresAt.getTime() <= now.getTime()) throw new Unauthorized(EXPIRED);

  // Claim the token with a conditional update: of two concurrent refreshes with the same
  // token only one wins; the loser is treated like a replay.
  const claimed = await services.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(services, token.familyId, now);
    throw new Unauthorized(EXPIRED);
  }

  const session = await issueSession(services, token.userId, { familyId: token.familyId });
  const [successor] = await services.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(session.refreshToken)));
  await services.db.update(refreshTokens).set({ replacedById: successor.id }).where(eq(refreshTokens.id, token.id));
  return session;
}

async function revokeFamily(services: AppServices, familyId: string, now: Date): Promise<void> {
  await services.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
