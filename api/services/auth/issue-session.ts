import { sha256Hex } from "../../../db/hash";
import { refreshTokens } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import { Unauthorized } from "../../errors";
import { signAccessToken } from "./access-token";
import { callerFor, loadSessionUser } from "./load-session-user";
import { randomToken } from "./random-token";
import type { SessionTokens } from "./types";

/**
 * Starts (or, given a familyId, continues) a session: a short-lived access token plus a
 * rotating refresh token stored only as its SHA-256. All tokens rotated from one sign-in
 * share a family, so a replayed old token can revoke exactly that sign-in (refresh-session.ts).
 */
export async function issueSession(
  services: AppServices,
  userId: number,
  options: { familyId?: string } = {},
): Promise<SessionTokens> {
  return (await issueRecordedSession(services, userId, options)).session;
}

/** issueSession, plus the id of the new refresh-token row (rotation records its successor). */
export async function issueRecordedSession(
  services: AppServices,
  userId: number,
  options: { familyId?: string } = {},
): Promise<{ session: SessionTokens; refreshTokenId: number }> {
  const user = await loadSessionUser(services, userId);
  if (!user) throw new Unauthorized("The login detail is incorrect");
  const accessToken = await signAccessToken(services, callerFor(user));
  const refreshToken = randomToken(32);
  const now = services.now();
  const [stored] = await services.db
    .insert(refreshTokens)
    .values({
      userId,
      tokenHash: await sha256Hex(refreshToken),
      familyId: options.familyId ?? randomToken(16),
      expiresAt: new Date(now.getTime() + services.config.refreshTokenTtlSeconds * 1000),
      createdAt: now,
    })
    .returning({ id: refreshTokens.id });
  return { session: { accessToken, refreshToken, user }, refreshTokenId: stored.id };
}
