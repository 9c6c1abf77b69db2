import Bowser from "bowser";
import { and, desc, eq } from "drizzle-orm";
import { sessions } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { openSessions } from "./sessions";

export interface SessionSummary {
  id: string;
  /** Epoch ms, like every date the API gives. */
  createdAt: number;
  lastUsedAt: number;
  expiresAt: number;
  /** "Chrome on Linux", from the User-Agent at sign-in; "Unknown device" without one. */
  device: string;
  current: boolean;
}

/** The caller's open sessions, most recently used first; the caller's own is marked `current`. */
export async function listSessions(services: AppServices, caller: Caller): Promise<{ sessions: SessionSummary[] }> {
  const rows = await services.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, caller.userId), openSessions(services)))
    .orderBy(desc(sessions.lastUsedAt))
    .limit(100);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.getTime(),
      lastUsedAt: row.lastUsedAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
      device: describeDevice(row.userAgent),
      current: row.id === caller.sessionId,
    })),
  };
}

export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  // Scripts and other modules send their own agent ("node", "curl/8.5"): show its name.
  return browser || os || userAgent.split(/[\s/]/)[0].slice(0, 40) || "Unknown device";
}
