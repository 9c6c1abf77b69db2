import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { quizAttempts, quizzes } from "../../../db/schema";
import { attemptColumns } from "./deadline";
import type { AppServices } from "../core/app-services";
import { closeAttempt } from "./close-attempt";
import { DEADLINE_GRACE_MS } from "./schemas";

/** Attempts graded per run by default: a minute's work stays small; a backlog drains over the next runs. */
export const SWEEP_LIMIT = 200;

/** How far back the runtime's sweep looks for DateRange quizzes that ended (a server down longer leaves them to the student's own sweep). */
export const ENDED_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface SweepResult {
  /** Attempts graded and closed by this run. */
  closed: number;
  /** Attempts whose grading threw (logged); the next run tries them again. */
  failed: number;
}

/**
 * Grades every open attempt past its deadline (its time limit, or its DateRange quiz's end
 * date: ADR 0031) and the network grace, oldest deadline first
 * (decisions.md "Deadlines": an attempt past its deadline is graded on what it saved, whether
 * or not the student ever comes back). Run every minute by the runtime entries (server/node.ts,
 * server/worker.ts `scheduled`), for one student before their results are read, and for one
 * quiz before its stats are read (so its in-progress rows are attempts that can still be answered).
 *
 * It grades with closeAttempt, whose compare-and-set makes a run that races the student's own
 * submit, a save refused at the deadline or another run harmless: whoever closes first wins
 * and nothing is graded twice. One attempt failing does not stop the others.
 */
export async function closeExpiredAttempts(services: AppServices, options: { limit?: number; studentId?: number; quizId?: number } = {}): Promise<SweepResult> {
  const limit = options.limit ?? SWEEP_LIMIT;
  // isPastDeadline(): now > deadline + grace, i.e. deadline < now − grace.
  const lateBefore = new Date(services.now().getTime() - DEADLINE_GRACE_MS);
  const student = options.studentId === undefined ? undefined : eq(quizAttempts.studentId, options.studentId);
  const quiz = options.quizId === undefined ? undefined : eq(quizAttempts.quizId, options.quizId);
  // A student's or a quiz's own sweep looks at every ended quiz of theirs (see below).
  const scoped = student || quiz ? and(student, quiz) : undefined;
  const [timedOut, ended] = await Promise.all([
    services.db
      .select(attemptColumns())
      .from(quizAttempts)
      .where(
        and(
          // These two terms match quiz_attempts_open_deadline_idx's condition, so SQLite reads the partial index.
          isNull(quizAttempts.submittedAt),
          isNotNull(quizAttempts.deadlineAt),
          lt(quizAttempts.deadlineAt, lateBefore),
          student,
          quiz,
        ),
      )
      .orderBy(asc(quizAttempts.deadlineAt), asc(quizAttempts.id))
      .limit(limit),
    // ADR 0031: a DateRange quiz's end date ends its attempts, those without a time limit too.
    // The runtime's sweep looks only at quizzes that ended in the last ENDED_WINDOW (their
    // attempts were swept then: no new one starts after the end), so its cost does not grow
    // with every quiz that ever ended; a student's own sweep (before their results) looks at all.
    services.db
      .select(attemptColumns())
      .from(quizzes)
      .innerJoin(quizAttempts, eq(quizAttempts.quizId, quizzes.id))
      .where(
        and(
          // Written out (not a bound value) so SQLite reads the partial index quizzes_date_range_end_idx.
          sql`${quizzes.status} = 'DateRange'`,
          lt(quizzes.endTimestamp, lateBefore.getTime() / 1000),
          scoped ?? gt(quizzes.endTimestamp, (lateBefore.getTime() - ENDED_WINDOW_MS) / 1000),
          isNull(quizAttempts.submittedAt),
          // An attempt with the student's own end (ADR 0079) is ended by its deadline, which holds it.
          isNull(quizAttempts.endsAt),
        ),
      )
      .orderBy(asc(quizzes.endTimestamp), asc(quizAttempts.id))
      .limit(limit),
  ]);
  const expired = [...new Map([...timedOut, ...ended].map((attempt) => [attempt.id, attempt])).values()].slice(0, limit);

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
