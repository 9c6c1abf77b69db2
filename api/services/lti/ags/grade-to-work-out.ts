import { and, eq } from "drizzle-orm";
import { ltiUsers, quizAttempts, quizzes } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { pickCountingAttempt } from "../../attempts/counting-attempt";
import { scorePayload } from "./score-payload";

/**
 * The outbox row's payload as the grading write leaves it (queue-grade.ts): not yet the score,
 * but which grade to work out it from: the attempt, its answers' version and the time of the
 * grade. Each grade that wins writes a marker no other grade writes (one close per attempt,
 * each grader's mark a new version), so the sender's "mark sent only while the payload is the
 * one posted" still tells a newer grade from the one it sent. Never JSON: the teacher's view
 * reads no score from it (shown as still to work out).
 */
const PREFIX = "grade-to-work-out:";

export function gradeToWorkOut(grade: { attemptId: number; answersVersion: number; at: number }): string {
  return `${PREFIX}${grade.attemptId}:${grade.answersVersion}:${grade.at}`;
}

/** The time of the grade a marker stands for; null when the payload is already a score. */
export function gradeTimeOf(payload: string): Date | null {
  if (!payload.startsWith(PREFIX)) return null;
  const at = Number(payload.slice(PREFIX.length).split(":")[2]);
  return Number.isFinite(at) ? new Date(at) : null;
}

/**
 * The score to post for a (link, student) row, worked out when it is sent: the counting attempt
 * of the student at the link's quiz (best or latest as the quiz says: pickCountingAttempt, the
 * rule results use) as the AGS score of the student's `sub` on the link's platform, stamped with
 * the grade's time. Null when there is nothing to send (no graded attempt, or no `sub` left).
 */
export async function workOutGrade(
  services: AppServices,
  row: { userId: number; quizId: number; platformId: number; at: Date },
): Promise<{ payload: string; attemptId: number } | null> {
  const db = services.db;
  const [[user], [quiz], attempts] = await db.batch([
    db.select({ sub: ltiUsers.sub }).from(ltiUsers).where(and(eq(ltiUsers.platformId, row.platformId), eq(ltiUsers.userId, row.userId))).limit(1),
    db.select({ takeBestScore: quizzes.takeBestScore }).from(quizzes).where(eq(quizzes.id, row.quizId)),
    db
      .select({ id: quizAttempts.id, attemptNumber: quizAttempts.attemptNumber, percentage: quizAttempts.percentage, submittedAt: quizAttempts.submittedAt, gradingStatus: quizAttempts.gradingStatus })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.quizId, row.quizId), eq(quizAttempts.studentId, row.userId))),
  ]);
  const counting = quiz ? pickCountingAttempt(attempts, quiz.takeBestScore) : null;
  if (!user || !counting) return null;
  const payload = JSON.stringify(scorePayload({ sub: user.sub, percentage: counting.percentage, gradingStatus: counting.gradingStatus, at: row.at }));
  return { payload, attemptId: counting.id };
}
