import { and, asc, eq, isNotNull, isNull, lt } from "drizzle-orm";
import { quizAttempts } from "../../../db/schema";
import type { AppServices } from "../../context";
import { closeAttempt } from "./close-attempt";
import { DEADLINE_GRACE_MS } from "./schemas";

/** Attempts graded per run by default: a minute's work stays small; a backlog drains over the next runs. */
export const SWEEP_LIMIT = 200;

export interface SweepResult {
  /** Attempts graded and closed by this run. */
  closed: number;
  /** Attempts whose grading threw (logged); the next run tries them again. */
  failed: number;
}

/**
 * Grades every open attempt past its deadline and the network grace, oldest deadline first
 * (decisions.md "Deadlines": an attempt past its deadline is graded on what it saved, whether
 * or not the student ever comes back). Run every minute by the runtime entries (server/node.ts,
 * server/worker.ts `scheduled`), and for one student before their results are read.
 *
 * It grades with closeAttempt, whose compare-and-set makes a run that races the student's own
 * submit, a save refused at the deadline or another run harmless: whoever closes first wins
 * and nothing is graded twice. One attempt failing does not stop the others.
 */
export async function closeExpiredAttempts(services: AppServices, options: { limit?: number; studentId?: number } = {}): Promise<SweepResult> {
  const limit = options.limit ?? SWEEP_LIMIT;
  // isPastDeadline(): now > deadline + grace, i.e. deadline < now − grace.
  const lateBefore = new Date(services.now().getTime() - DEADLINE_GRACE_MS);
  const expired = await services.db
    .select()
    .from(quizAttempts)
    .where(
      and(
        // These two terms match quiz_attempts_open_deadline_idx's condition, so SQLite reads the partial index.
        isNull(quizAttempts.submittedAt),
        isNotNull(quizAttempts.deadlineAt),
        lt(quizAttempts.deadlineAt, lateBefore),
        options.studentId === undefined ? undefined : eq(quizAttempts.studentId, options.studentId),
      ),
    )
    .orderBy(asc(quizAttempts.deadlineAt), asc(quizAttempts.id))
    .limit(limit);

  const result: SweepResult = { closed: 0, failed: 0 };
  // One at a time: a sweep must not crowd out the exams that are running.
  for (const attempt of expired) {
    try {
      await closeAttempt(services, attempt);
      result.closed++;
    } catch (error) {
      result.failed++;
      console.error(`Grading expired attempt ${attempt.id} failed:`, error);
    }
  }
  return result;
}
