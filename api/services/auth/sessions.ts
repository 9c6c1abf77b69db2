import { and, eq, isNull, ne, type Placeholder, sql } from "drizzle-orm";
import { prepared } from "../../../db/prepared";
import { sessions } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { randomToken } from "./random-token";

/**
 * The session rows behind every sign-in (db/schema/auth.ts `sessions`). Access tokens name
 * their session (`sid`), refresh tokens belong to it (`familyId`), so whatever ends the row
 * ends both, on every runtime, at the cost of one primary-key lookup per request.
 */

/** What the server knows of the device a sign-in came from. */
export interface SignInDevice {
  userAgent?: string | null;
}

const USER_AGENT_MAX = 300;

export function deviceOf(headers: Headers): SignInDevice {
  return { userAgent: headers.get("user-agent")?.slice(0, USER_AGENT_MAX) ?? null };
}

/** Opens a session for a new sign-in; it ends for good after the refresh-token lifetime. */
export async function startSession(services: AppServices, userId: number, device: SignInDevice = {}) {
  const [session] = await services.db.insert(sessions).values(newSessionRow(services, userId, device)).returning();
  return session;
}

/** The row of a new session, its id made here: a sign-in writes it in one batch with its refresh token (issue-session.ts). */
export function newSessionRow(services: AppServices, userId: number, device: SignInDevice = {}) {
  const now = services.now();
  return {
    id: randomToken(18),
    userId,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + services.config.refreshTokenTtlSeconds * 1000),
    userAgent: device.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  } satisfies typeof sessions.$inferInsert;
}

/** Open sessions: not ended, not past their absolute lifetime, not idle too long. */
export function openSessions(services: AppServices) {
  const now = services.now().getTime();
  return openAt(now, idleSinceOf(services, now));
}

/**
 * The rule of openSessions at a moment given as stored values (epoch ms) or as the
 * placeholders of a prepared query (findActiveSession). Compared in plain SQL: a
 * placeholder bypasses the columns' Date encoder.
 */
function openAt(now: number | Placeholder, idleSince: number | Placeholder) {
  return and(isNull(sessions.endedAt), sql`${sessions.expiresAt} > ${now}`, sql`${sessions.lastUsedAt} > ${idleSince}`);
}

function idleSinceOf(services: AppServices, now: number): number {
  return now - services.config.sessionIdleTimeoutSeconds * 1000;
}

/** The session if it is still open (see openSessions) and belongs to the user. */
export async function findActiveSession(services: AppServices, sessionId: string, userId: number) {
  const now = services.now().getTime();
  // Every signed-in request asks this: built once (db/prepared.ts).
  const query = prepared(services.db, "findActiveSession", (db) =>
    db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, sql.placeholder("sessionId")), eq(sessions.userId, sql.placeholder("userId")), openAt(sql.placeholder("now"), sql.placeholder("idleSince"))))
      .limit(1)
      .prepare(),
  );
  const [session] = await query.all({ sessionId, userId, now, idleSince: idleSinceOf(services, now) });
  return session ?? null;
}

/**
 * Whether the session is still open (see openSessions) and belongs to the user: what every
 * signed-in request asks (access-token.ts). The same lookup as findActiveSession, answering one
 * column instead of the session's row, which the client and drizzle built and decoded (its
 * dates included) on every API request for nothing (issue 25 point 8).
 */
export async function isSessionActive(services: AppServices, sessionId: string, userId: number): Promise<boolean> {
  const now = services.now().getTime();
  const query = prepared(services.db, "isSessionActive", (db) =>
    db
      .select({ open: sql<number>`1` })
      .from(sessions)
      .where(and(eq(sessions.id, sql.placeholder("sessionId")), eq(sessions.userId, sql.placeholder("userId")), openAt(sql.placeholder("now"), sql.placeholder("idleSince"))))
      .limit(1)
      .prepare(),
  );
  return (await query.all({ sessionId, userId, now, idleSince: idleSinceOf(services, now) })).length > 0;
}

/** Statement that records use of a session (at refresh-token rotation: the idle clock restarts). */
export function touchSessionStatement(services: AppServices, sessionId: string) {
  return services.db.update(sessions).set({ lastUsedAt: services.now() }).where(eq(sessions.id, sessionId));
}

/** Statement that ends one session of a user (idempotent); batchable with other writes. */
export function endSessionStatement(services: AppServices, userId: number, sessionId: string) {
  return services.db
    .update(sessions)
    .set({ endedAt: services.now() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
}

/** Statement that ends every open session of a user, except `keep` when given. */
export function endUserSessionsStatement(services: AppServices, userId: number, keep?: string) {
  const open = and(eq(sessions.userId, userId), isNull(sessions.endedAt));
  return services.db
    .update(sessions)
    .set({ endedAt: services.now() })
    .where(keep ? and(open, ne(sessions.id, keep)) : open)
    .returning({ id: sessions.id });
}
