import { sha256Hex } from "../../../db/hash";
import { refreshTokens, type Session } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { Unauthorized } from "../core/errors";
import { signAccessToken } from "./access-token";
import { callerFor, loadSessionUser } from "./load-session-user";
import { randomToken } from "./random-token";
import { startSession, type SignInDevice } from "./sessions";
import type { SessionTokens, SessionUser } from "./types";
import { say } from "../message-codes";

/**
 * Starts a new sign-in: a session row (sessions.ts), a short-lived access token naming it
 * and a rotating refresh token stored only as its SHA-256.
 */
export async function issueSession(services: AppServices, userId: number, device: SignInDevice = {}): Promise<SessionTokens> {
  const user = await loadSessionUser(services, userId);
  if (!user) throw new Unauthorized(say("LOGIN_INCORRECT"));
  const session = await startSession(services, userId, device);
  return (await tokensForSession(services, user, session)).tokens;
}

/**
 * Tokens for an open session: at sign-in, and at each rotation of its refresh token. The
 * refresh token expires with the session, so rotating never extends a sign-in past its
 * absolute lifetime. Returns the new refresh-token row's id (rotation records its successor).
 */
export async function tokensForSession(
  services: AppServices,
  user: SessionUser,
  session: Pick<Session, "id" | "expiresAt">,
): Promise<{ tokens: SessionTokens; refreshTokenId: number }> {
  const accessToken = await signAccessToken(services, callerFor(user), session.id);
  const refreshToken = randomToken(32);
  const [stored] = await services.db
    .insert(refreshTokens)
    .values({
      userId: user.id,
      tokenHash: await sha256Hex(refreshToken),
      familyId: session.id,
      expiresAt: session.expiresAt,
      createdAt: services.now(),
    })
    .returning({ id: refreshTokens.id });
  return { tokens: { accessToken, refreshToken, user }, refreshTokenId: stored.id };
}
