import { and, eq, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import { Unauthorized } from "../../errors";
import { issueRecordedSession, issueSession } from "./issue-session";
import { RefreshInput } from "./schemas";
import type { SessionTokens } from "./types";

const EXPIRED = "Your session has expired. Login again";

/**
 * A browser may send two requests with the same refresh cookie at once (two tabs, a page
 * load racing a prefetch). Within this window after a rotation, presenting the old token
 * while its sign-in is still active continues the sign-in instead of being taken for theft.
 */
export const ROTATION_GRACE_MS = 30_000;

/**
 * Exchanges a refresh token for a new session and retires the old token (rotation). A
 * token that was rotated longer ago than the grace window is presented only by someone
 * replaying a copy: the whole family (that sign-in on every device it reached) is revoked,
 * so a thief's copy dies too.
 */
export async function refreshSession(services: AppServices, input: RefreshInput): Promise<SessionTokens> {
  const { refreshToken } = RefreshInput.parse(input);
  if (!refreshToken) throw new Unauthorized(EXPIRED);
  const tokenHash = await sha256Hex(refreshToken);
  const [token] = await services.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (!token) throw new Unauthorized(EXPIRED);

  const now = services.now();
  if (token.expiresAt.getTime() <= now.getTime()) throw new Unauthorized(EXPIRED);
  if (token.revokedAt) {
    const sinceRotation = now.getTime() - token.revokedAt.getTime();
    if (token.replacedById !== null && sinceRotation < ROTATION_GRACE_MS && (await familyIsActive(services, token.familyId))) {
      return issueSession(services, token.userId, { familyId: token.familyId });
    }
    if (token.replacedById !== null) await revokeFamily(services, token.familyId, now);
    throw new Unauthorized(EXPIRED);
  }

  // The successor exists before the old token is retired, so the sign-in never has a
  // moment without an active token (a concurrent request sees the family as active).
  const { session, refreshTokenId } = await issueRecordedSession(services, token.userId, { familyId: token.familyId });
  // Conditional claim: of two concurrent rotations one records the successor; the other's
  // session is equally valid (same family), which is the grace case above.
  await services.db
    .update(refreshTokens)
    .set({ revokedAt: now, replacedById: refreshTokenId })
    .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.revokedAt)));
  return session;
}

async function familyIsActive(services: AppServices, familyId: string): Promise<boolean> {
  const [active] = await services.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return Boolean(active);
}

/** Revokes every token of one sign-in (theft detected, or the user signed out). */
export async function revokeFamily(services: AppServices, familyId: string, now: Date): Promise<void> {
  await services.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
