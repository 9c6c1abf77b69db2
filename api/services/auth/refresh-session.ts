import { and, eq, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { Unauthorized } from "../core/errors";
import { tokensForSession } from "./issue-session";
import { loadSessionUser } from "./load-session-user";
import { RefreshInput } from "./schemas";
import { endSessionStatement, findActiveSession, touchSessionStatement } from "./sessions";
import type { SessionTokens } from "./types";

const EXPIRED = "Your session has expired. Login again";

/**
 * A browser may send several requests with the same refresh cookie at once (two tabs, a
 * page load racing a prefetch). Within this window after a rotation, presenting the old
 * token again continues the sign-in instead of being taken for theft, but it mints at
 * most one more successor; further copies get `RefreshRaced`.
 */
export const ROTATION_GRACE_MS = 30_000;

/**
 * The token was rotated a moment ago by a concurrent request and its grace successor is
 * spent. The session is fine: the sibling response carries the new cookies. Pages render
 * for the session's user without new tokens; API callers get a 401 and retry with the
 * token they received.
 */
export class RefreshRaced extends Unauthorized {
  constructor(
    readonly userId: number,
    readonly sessionId: string,
  ) {
    super("This refresh token was just rotated by another request; use its successor");
  }
}

/**
 * Exchanges a refresh token for new tokens of the same session and retires it (rotation).
 * A token rotated longer ago than the grace window is presented only by someone replaying
 * a copy: the whole session (that sign-in on every device it reached) ends, so a thief's
 * copy dies too. Ended and expired sessions refresh nothing.
 */
export async function refreshSession(services: AppServices, input: RefreshInput): Promise<SessionTokens> {
  const { refreshToken } = RefreshInput.parse(input);
  if (!refreshToken) throw new Unauthorized(EXPIRED);
  const [token] = await services.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, await sha256Hex(refreshToken)))
    .limit(1);
  if (!token) throw new Unauthorized(EXPIRED);
  const now = services.now();
  const session = await findActiveSession(services, token.familyId, token.userId);
  if (!session || token.expiresAt.getTime() <= now.getTime()) throw new Unauthorized(EXPIRED);
  const user = await loadSessionUser(services, token.userId);
  if (!user) throw new Unauthorized(EXPIRED);

  // Exactly one request turns this token into its successor: the one whose conditional
  // update finds it unrevoked.
  const [rotated] = await services.db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (rotated) {
    const { tokens, refreshTokenId } = await tokensForSession(services, user, session);
    await services.db.batch([
      services.db.update(refreshTokens).set({ replacedById: refreshTokenId }).where(eq(refreshTokens.id, token.id)),
      touchSessionStatement(services, session.id),
    ]);
    return tokens;
  }

  const rotatedAt = token.revokedAt?.getTime() ?? now.getTime();
  if (now.getTime() - rotatedAt < ROTATION_GRACE_MS) {
    const [graceClaimed] = await services.db
      .update(refreshTokens)
      .set({ graceUsedAt: now })
      .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.graceUsedAt)))
      .returning({ id: refreshTokens.id });
    if (graceClaimed) return (await tokensForSession(services, user, session)).tokens;
    throw new RefreshRaced(user.id, session.id);
  }

  await services.db.batch([endSessionStatement(services, token.userId, session.id), revokeFamilyStatement(services, token.userId, session.id)]);
  throw new Unauthorized(EXPIRED);
}

/** Statement that revokes every live refresh token of one of a user's sessions. */
export function revokeFamilyStatement(services: AppServices, userId: number, familyId: string) {
  return services.db
    .update(refreshTokens)
    .set({ revokedAt: services.now() })
    .where(and(eq(refreshTokens.familyId, familyId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
