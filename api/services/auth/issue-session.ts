import { sha256Hex } from "../../../db/hash";
import type { BatchItem } from "drizzle-orm/batch";
import { refreshTokens, type Session, sessions } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { Unauthorized } from "../core/errors";
import { signAccessToken } from "./access-token";
import { callerFor, loadSessionUser } from "./load-session-user";
import { randomToken } from "./random-token";
import { newSessionRow, type SignInDevice } from "./sessions";
import type { SessionTokens, SessionUser } from "./types";
import { say } from "../message-codes";

/**
 * Starts a new sign-in: a session row (sessions.ts), a short-lived access token naming it
 * and a rotating refresh token stored only as its SHA-256; `alongside` (a sign-in's other
 * writes) goes in the same batch (issueSessionFor).
 */
export async function issueSession(services: AppServices, userId: number, device: SignInDevice = {}, alongside: BatchItem<"sqlite">[] = []): Promise<SessionTokens> {
  const user = await loadSessionUser(services, userId);
  if (!user) throw new Unauthorized(say("LOGIN_INCORRECT"));
  return issueSessionFor(services, user, device, alongside);
}

/**
 * issueSession for a user already read (sign-in reads them with the account: login.ts). The
 * session and its refresh token are made here, ids and all, and written in one batch, with
 * `alongside` (the sign-in's other writes): one round trip to a remote database (ADR 0090).
 */
export async function issueSessionFor(services: AppServices, user: SessionUser, device: SignInDevice = {}, alongside: BatchItem<"sqlite">[] = []): Promise<SessionTokens> {
  const session = newSessionRow(services, user.id, device);
  const refreshToken = randomToken(32);
  const [accessToken, refreshRow] = await Promise.all([signAccessToken(services, callerFor(user), session.id), refreshTokenRow(services, user.id, session, refreshToken)]);
  await services.db.batch([services.db.insert(sessions).values(session), services.db.insert(refreshTokens).values(refreshRow), ...alongside]);
  return { accessToken, refreshToken, user };
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
    .values(await refreshTokenRow(services, user.id, session, refreshToken))
    .returning({ id: refreshTokens.id });
  return { tokens: { accessToken, refreshToken, user }, refreshTokenId: stored.id };
}

/** The stored row of a new refresh token of `session`: its SHA-256 only. */
async function refreshTokenRow(services: AppServices, userId: number, session: Pick<Session, "id" | "expiresAt">, refreshToken: string) {
  return {
    userId,
    tokenHash: await sha256Hex(refreshToken),
    familyId: session.id,
    expiresAt: session.expiresAt,
    createdAt: services.now(),
  } satisfies typeof refreshTokens.$inferInsert;
}
