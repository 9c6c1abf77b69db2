import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { ltiGradeSends, ltiPlatforms, ltiResourceLinks, users } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertMayManageLtiGrades } from "../../core/permissions";
import { rateLimit } from "../../auth/rate-limit";
import { loadQuiz } from "../../quizzes/quiz-queries";
import type { AgsScore } from "./score-payload";
import { gradeTimeOf, type GradeToWorkOut, workOutGrades } from "./grade-to-work-out";

/**
 * The teacher's view of a quiz's LMS grade sends on its stats page (issue 29 point 4): one row
 * per (link, student) with its state, the score sent or waiting (a row still holding a grade to
 * work out shows the score the sender will post), its last failure's reason code
 * (the page words it) and a resend, one by one or every failed one at once (rate-limited).
 * Another business's quiz is 404; a teacher who may not read its stats 403.
 */

export const GRADE_SENDS_SHOWN = 200;
/** A teacher resends after fixing something at the LMS: a few times an hour, never a loop. */
export const RESEND_LIMITS = { perTenMinutes: 20 } as const;

export interface GradeSendRow {
  id: number;
  studentName: string;
  email: string;
  state: "waiting" | "sent" | "failed";
  scoreGiven: number | null;
  gradingProgress: string | null;
  tries: number;
  lastError: string | null;
  sentAt: number | null;
  nextTryAt: number | null;
}

/** Null when no LMS links the quiz (the page shows nothing of LTI then). */
export async function listGradeSends(services: AppServices, caller: Caller, quizId: number): Promise<{ linked: boolean; sends: GradeSendRow[] }> {
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayManageLtiGrades(caller, quiz.row);
  const db = services.db;
  const [links, rows] = await db.batch([
    db
      .select({ id: ltiResourceLinks.id })
      .from(ltiResourceLinks)
      .innerJoin(ltiPlatforms, and(eq(ltiPlatforms.id, ltiResourceLinks.platformId), eq(ltiPlatforms.businessId, caller.businessId)))
      .where(eq(ltiResourceLinks.quizId, quizId))
      .limit(1),
    db
      .select({ send: ltiGradeSends, platformId: ltiResourceLinks.platformId, studentName: users.fullname, email: users.email })
      .from(ltiGradeSends)
      .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiGradeSends.resourceLinkId))
      .innerJoin(ltiPlatforms, and(eq(ltiPlatforms.id, ltiResourceLinks.platformId), eq(ltiPlatforms.businessId, caller.businessId)))
      .innerJoin(users, eq(users.id, ltiGradeSends.userId))
      .where(eq(ltiResourceLinks.quizId, quizId))
      .orderBy(desc(ltiGradeSends.updatedAt), desc(ltiGradeSends.id))
      .limit(GRADE_SENDS_SHOWN),
  ]);
  const scores = await scoresShown(services, quizId, rows);
  return {
    linked: links.length > 0,
    sends: rows.map(({ send, studentName, email }) => {
      const score = scores.get(send.id);
      return {
        id: send.id,
        studentName,
        email,
        state: send.state,
        scoreGiven: score?.scoreGiven ?? null,
        gradingProgress: score?.gradingProgress ?? null,
        tries: send.tries,
        lastError: send.lastError,
        sentAt: send.sentAt?.getTime() ?? null,
        nextTryAt: send.nextTryAt?.getTime() ?? null,
      };
    }),
  };
}

/**
 * Each row's score by its id: the one it holds once tried, and for a row still holding a grade
 * to work out the one the sender will post, worked out by the sender's own function for all
 * such rows at once (no query per row). None for a marker with nothing to send.
 */
async function scoresShown(
  services: AppServices,
  quizId: number,
  rows: readonly { send: { id: number; userId: number; payload: string }; platformId: number }[],
): Promise<Map<number, Partial<AgsScore>>> {
  const scores = new Map<number, Partial<AgsScore>>();
  const markers: (GradeToWorkOut & { id: number })[] = [];
  for (const { send, platformId } of rows) {
    const at = gradeTimeOf(send.payload);
    if (at) markers.push({ id: send.id, userId: send.userId, platformId, at });
    else {
      const score = parseScore(send.payload);
      if (score) scores.set(send.id, score);
    }
  }
  const worked = await workOutGrades(services, quizId, markers);
  markers.forEach((marker, index) => {
    const score = worked[index]?.score;
    if (score) scores.set(marker.id, score);
  });
  return scores;
}

function parseScore(payload: string): Partial<AgsScore> | null {
  try {
    return JSON.parse(payload) as Partial<AgsScore>;
  } catch {
    return null;
  }
}

/**
 * Sends again: the rows named (`ids`), or every failed one of the quiz (`all`). Only rows of
 * this quiz's links on the caller's business's platforms; others are left alone (not found is
 * no error: a row may have been replaced meanwhile). The sender posts them within seconds.
 */
/** The quiz's LMS panel is the caller's: another business's quiz 404, a caller who may not read its stats 403. */
export async function assertLmsPanelOf(services: AppServices, caller: Caller, quizId: number): Promise<void> {
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayManageLtiGrades(caller, quiz.row);
}

export async function resendGrades(services: AppServices, caller: Caller, quizId: number, which: { ids: number[] } | "allFailed"): Promise<{ queued: number }> {
  const quiz = await loadQuiz(services, caller, quizId);
  assertMayManageLtiGrades(caller, quiz.row);
  await rateLimit(services, [{ key: `lti-resend:10m:${caller.userId}`, limit: RESEND_LIMITS.perTenMinutes, windowMs: 10 * 60_000 }]);
  const db = services.db;
  const ofQuiz = await db
    .select({ id: ltiGradeSends.id })
    .from(ltiGradeSends)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiGradeSends.resourceLinkId))
    .innerJoin(ltiPlatforms, and(eq(ltiPlatforms.id, ltiResourceLinks.platformId), eq(ltiPlatforms.businessId, caller.businessId)))
    .where(
      and(
        eq(ltiResourceLinks.quizId, quizId),
        which === "allFailed" ? eq(ltiGradeSends.state, "failed") : inArray(ltiGradeSends.id, which.ids.slice(0, GRADE_SENDS_SHOWN)),
        // A row already waiting keeps its schedule (a resend does not hurry past the backoff of an LMS that is down).
        ne(ltiGradeSends.state, "waiting"),
      ),
    );
  if (ofQuiz.length === 0) return { queued: 0 };
  const now = services.now();
  await db
    .update(ltiGradeSends)
    .set({ state: "waiting", tries: 0, nextTryAt: now, lastError: null, updatedAt: now })
    .where(inArray(ltiGradeSends.id, ofQuiz.map((row) => row.id)));
  return { queued: ofQuiz.length };
}
