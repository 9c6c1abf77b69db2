import { and, asc, eq, lte, sql } from "drizzle-orm";
import { ltiGradeSends, ltiPlatforms, ltiResourceLinks } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { ToolKeysUnavailable } from "../tool-keys";
import { type LmsFailureReason, LmsCallFailed, platformFetch } from "../platform-fetch";
import { AGS_SCOPES, forgetServiceToken, serviceToken } from "../service-token";
import { lineItemOf, scoresUrlOf } from "./line-item";
import { SCORE_MEDIA_TYPE } from "./score-payload";
import { gradeTimeOf, workOutGrade } from "./grade-to-work-out";

/**
 * The grade outbox's sender (issue 29 point 4; ADR 0089), run with the scheduled jobs of each
 * runtime (server/attempt-sweep.ts) and safe on several servers at once: a row is claimed by a
 * conditional UPDATE (still waiting, still due, the tries counted as read), which moves its next
 * try a lease ahead, so exactly one sender posts it. A failure waits longer each time (doubling,
 * capped) and after MAX_TRIES the row is `failed` with its reason code, until the teacher resends
 * it. A newer grade queued while a send was under way (its payload differs) is left waiting, not
 * marked sent. A row the grading write queued holds a grade to work out (grade-to-work-out.ts):
 * its score is worked out just before it is posted, and the write after the send stores that
 * score in its place (the teacher's list shows it, a retry or a resend posts it as it is).
 */

export const GRADE_SENDING = {
  /** Rows a run sends at most; a backlog drains over the next runs. */
  batch: 50,
  maxTries: 8,
  firstDelayMs: 60_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  /** A claimed row is not due again for this long: a sender that died mid-send leaves it to the next. */
  leaseMs: 2 * 60_000,
} as const;

/** The wait after the n-th failed try: 1 min, 2, 4, … up to 6 h. */
export function retryDelayMs(tries: number): number {
  return Math.min(GRADE_SENDING.maxDelayMs, GRADE_SENDING.firstDelayMs * 2 ** Math.max(0, tries - 1));
}

/** Reasons no retry can mend: the row fails at once (a resend tries again after the school fixed it). */
const FINAL_REASONS = new Set<LmsFailureReason>(["LTI_NO_LINE_ITEM", "LTI_PLATFORM_DISABLED", "LTI_LMS_URL_REFUSED"]);

export interface SendRun {
  sent: number;
  retrying: number;
  failed: number;
}

export async function sendDueLtiGrades(services: AppServices, options: { limit?: number } = {}): Promise<SendRun> {
  const now = services.now();
  const due = await services.db
    .select({ id: ltiGradeSends.id, tries: ltiGradeSends.tries })
    .from(ltiGradeSends)
    .where(and(eq(ltiGradeSends.state, "waiting"), lte(ltiGradeSends.nextTryAt, now)))
    .orderBy(asc(ltiGradeSends.nextTryAt), asc(ltiGradeSends.id))
    .limit(options.limit ?? GRADE_SENDING.batch);
  const run: SendRun = { sent: 0, retrying: 0, failed: 0 };
  // One at a time: a slow LMS must not crowd out the exams that are running.
  for (const row of due) {
    const claimed = await claim(services, row);
    if (!claimed) continue;
    const outcome = await sendOne(services, claimed);
    if (outcome) run[outcome]++;
  }
  return run;
}

interface Claimed {
  id: number;
  tries: number;
  payload: string;
  resourceLinkId: number;
  userId: number;
}

async function claim(services: AppServices, row: { id: number; tries: number }): Promise<Claimed | null> {
  const now = services.now();
  const [claimed] = await services.db
    .update(ltiGradeSends)
    .set({ tries: row.tries + 1, nextTryAt: new Date(now.getTime() + GRADE_SENDING.leaseMs), updatedAt: now })
    .where(and(eq(ltiGradeSends.id, row.id), eq(ltiGradeSends.state, "waiting"), eq(ltiGradeSends.tries, row.tries), lte(ltiGradeSends.nextTryAt, now)))
    .returning({ id: ltiGradeSends.id, tries: ltiGradeSends.tries, payload: ltiGradeSends.payload, resourceLinkId: ltiGradeSends.resourceLinkId, userId: ltiGradeSends.userId });
  return claimed ?? null;
}

/** What the row holds after its send: the score posted, and the attempt it is of when it was worked out from a marker. */
type Sending = { payload: string; attemptId?: number };

/** Posts one claimed row; null when it had nothing to send (its row is gone). */
async function sendOne(services: AppServices, claimed: Claimed): Promise<keyof SendRun | null> {
  let sending: Sending = { payload: claimed.payload };
  try {
    const found = await linkOf(services, claimed.resourceLinkId);
    const gradedAt = gradeTimeOf(claimed.payload);
    if (gradedAt) {
      const worked = await workOutGrade(services, { userId: claimed.userId, quizId: found.link.quizId, platformId: found.platform.id, at: gradedAt });
      if (!worked) return await drop(services, claimed);
      sending = worked;
    }
    await post(services, found, sending.payload);
  } catch (error) {
    const reason = reasonOf(error);
    const final = FINAL_REASONS.has(reason) || claimed.tries >= GRADE_SENDING.maxTries;
    const now = services.now();
    await services.db
      .update(ltiGradeSends)
      .set({ ...sending, state: final ? "failed" : "waiting", lastError: reason, nextTryAt: final ? null : new Date(now.getTime() + retryDelayMs(claimed.tries)), updatedAt: now })
      .where(and(eq(ltiGradeSends.id, claimed.id), eq(ltiGradeSends.payload, claimed.payload)));
    return final ? "failed" : "retrying";
  }
  const now = services.now();
  await services.db
    .update(ltiGradeSends)
    .set({ ...sending, state: "sent", sentAt: now, lastError: null, nextTryAt: null, updatedAt: now })
    .where(and(eq(ltiGradeSends.id, claimed.id), eq(ltiGradeSends.payload, claimed.payload)));
  return "sent";
}

/** A grade with nothing to send (no graded attempt of the student, no `sub` of theirs left): the row goes, unless a newer grade replaced it. */
async function drop(services: AppServices, claimed: Claimed): Promise<null> {
  await services.db.delete(ltiGradeSends).where(and(eq(ltiGradeSends.id, claimed.id), eq(ltiGradeSends.payload, claimed.payload)));
  return null;
}

function reasonOf(error: unknown): LmsFailureReason {
  if (error instanceof LmsCallFailed) return error.reason;
  if (error instanceof ToolKeysUnavailable) return "LTI_KEYS_UNAVAILABLE";
  console.error("Sending an LMS grade failed:", error);
  return "LTI_SEND_ERROR";
}

async function linkOf(services: AppServices, resourceLinkId: number) {
  const [found] = await services.db
    .select({ link: ltiResourceLinks, platform: ltiPlatforms })
    .from(ltiResourceLinks)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(eq(ltiResourceLinks.id, resourceLinkId));
  if (!found) throw new LmsCallFailed("LTI_NO_LINE_ITEM");
  return found;
}

async function post(services: AppServices, { link, platform }: Awaited<ReturnType<typeof linkOf>>, payload: string): Promise<void> {
  if (!platform.enabled) throw new LmsCallFailed("LTI_PLATFORM_DISABLED");
  const granted = new Set((link.agsScopes ?? "").split(/\s+/).filter(Boolean));
  if (!granted.has(AGS_SCOPES.score)) throw new LmsCallFailed("LTI_NO_LINE_ITEM");
  // One token for every send of the platform: the line item scope too whenever it was granted (to find or make a column).
  const scopes = granted.has(AGS_SCOPES.lineItem) ? [AGS_SCOPES.score, AGS_SCOPES.lineItem] : [AGS_SCOPES.score];
  const token = await serviceToken(services, platform, scopes);
  try {
    const lineItem = await lineItemOf(services, link, token);
    await platformFetch(services.config, scoresUrlOf(lineItem), {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": SCORE_MEDIA_TYPE },
      body: payload,
    });
  } catch (error) {
    // A token the platform no longer honours: the next try asks for a new one.
    if (error instanceof LmsCallFailed && error.status === 401) forgetServiceToken(services, platform, scopes);
    throw error;
  }
}

/** Used by the counters of the teacher's list: rows still to send whose next try is due (sql for an index-friendly count). */
export const dueNow = (now: Date) => and(eq(ltiGradeSends.state, "waiting"), sql`${ltiGradeSends.nextTryAt} <= ${now.getTime()}`);
