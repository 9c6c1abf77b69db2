import { and, eq, isNotNull, sql } from "drizzle-orm";
import { classStudents, ltiContexts, ltiGradeSends, ltiPlatforms, ltiResourceLinks, ltiUsers, quizAttempts, quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { pickCountingAttempt } from "../../attempts/counting-attempt";
import { scorePayload } from "./score-payload";

/**
 * Puts a student's grade in the LTI grade outbox (issue 29 point 4) when an attempt becomes
 * graded: the submit and the deadline sweep (close-attempt.ts) and a teacher's mark
 * (grade-and-tell.ts). For a quiz no LMS links to, this is one read by the attempt's primary
 * key and the resource links' quiz index, finding nothing. Otherwise the counting attempt (best
 * or latest, as results count it) of the student gives the score, upserted per (link, user):
 * a newer grade replaces a waiting one and sends again a sent one. The sender
 * (send-grades.ts) posts it. Errors are logged, never thrown: the grade itself is saved,
 * and an outbox miss must not fail a student's submit.
 */
export async function queueLtiGrade(services: AppServices, attemptId: number): Promise<number> {
  try {
    return await queue(services, attemptId);
  } catch (error) {
    console.error(`Queueing the LMS grade of attempt ${attemptId} failed:`, error);
    return 0;
  }
}

async function queue(services: AppServices, attemptId: number): Promise<number> {
  const db = services.db;
  const links = await db
    .select({
      linkId: ltiResourceLinks.id,
      platformId: ltiResourceLinks.platformId,
      sub: ltiUsers.sub,
      quizId: quizAttempts.quizId,
      studentId: quizAttempts.studentId,
      inClass: isNotNull(classStudents.userId).mapWith(Boolean),
    })
    .from(quizAttempts)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.quizId, quizAttempts.quizId))
    // Only a platform of the attempt's own business, and only a student that platform knows (their `sub` there).
    .innerJoin(ltiPlatforms, and(eq(ltiPlatforms.id, ltiResourceLinks.platformId), eq(ltiPlatforms.businessId, quizAttempts.businessId)))
    .innerJoin(ltiUsers, and(eq(ltiUsers.platformId, ltiResourceLinks.platformId), eq(ltiUsers.userId, quizAttempts.studentId)))
    .leftJoin(ltiContexts, eq(ltiContexts.id, ltiResourceLinks.contextRowId))
    .leftJoin(classStudents, and(eq(classStudents.classId, ltiContexts.classId), eq(classStudents.userId, quizAttempts.studentId)))
    .where(eq(quizAttempts.id, attemptId));
  const chosen = linksOfStudent(links);
  if (chosen.length === 0) return 0;
  const { quizId, studentId } = chosen[0];

  const [attempts, [quiz]] = await db.batch([
    db
      .select({ id: quizAttempts.id, attemptNumber: quizAttempts.attemptNumber, percentage: quizAttempts.percentage, submittedAt: quizAttempts.submittedAt, gradingStatus: quizAttempts.gradingStatus })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.studentId, studentId))),
    db.select({ takeBestScore: quizzes.takeBestScore }).from(quizzes).where(eq(quizzes.id, quizId)),
  ]);
  const counting = quiz ? pickCountingAttempt(attempts, quiz.takeBestScore) : null;
  if (!counting) return 0;

  const now = services.now();
  for (const link of chosen) {
    const payload = JSON.stringify(scorePayload({ sub: link.sub, percentage: counting.percentage, gradingStatus: counting.gradingStatus, at: now }));
    await db
      .insert(ltiGradeSends)
      .values({ resourceLinkId: link.linkId, userId: studentId, attemptId: counting.id, payload, state: "waiting", tries: 0, nextTryAt: now, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [ltiGradeSends.resourceLinkId, ltiGradeSends.userId],
        set: { attemptId: counting.id, payload, state: "waiting", tries: 0, nextTryAt: now, lastError: null, updatedAt: sql`${now.getTime()}` },
      });
  }
  return chosen.length;
}

type LinkRow = { linkId: number; platformId: number; sub: string; quizId: number; studentId: number; inClass: boolean };

/**
 * The links whose gradebook is the student's: a quiz placed in two courses of one LMS sends to
 * the course whose class the student is in; when the student is in none of them (the launch
 * did not enrol them), to each link of that LMS (a course that does not know the student
 * refuses the score, which the teacher then sees as failed).
 */
function linksOfStudent(rows: LinkRow[]): LinkRow[] {
  const unique = [...new Map(rows.map((row) => [row.linkId, row])).values()];
  const platformsWithOwnClass = new Set(unique.filter((row) => row.inClass).map((row) => row.platformId));
  return unique.filter((row) => !platformsWithOwnClass.has(row.platformId) || row.inClass);
}
