import { eq } from "drizzle-orm";
import { writeBatch } from "../../db/raw-batch";
import { quizAttempts } from "../../db/schema";
import type { AppServices } from "../services/core/app-services";
import { queueGradeStatement } from "../services/lti/ags/queue-grade";

/**
 * For tests: the grade of an attempt already graded queued on its own, by the statement the close
 * and a grader's mark put in their own batch (queue-grade.ts), so a test can queue without a submit. The rows it wrote: 0 for an open attempt or a quiz no LMS of
 * the attempt's business links to.
 */
export async function queueLtiGrade(services: AppServices, attemptId: number): Promise<number> {
  const [attempt] = await services.db.select({ answersVersion: quizAttempts.answersVersion }).from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  if (!attempt) return 0;
  const [written] = await writeBatch(services.db, [queueGradeStatement({ attemptId, answersVersion: attempt.answersVersion, at: services.now().getTime() })]);
  return written;
}
