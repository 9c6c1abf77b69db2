import type { QuizAttempt } from "../../../db/schema/attempts";

/**
 * Which of a student's attempts at a quiz counts (results, leader board, certificate), and
 * how many they have left (decisions.md "Exam integrity"; docs/scoring.md).
 */

/** The fields the choice reads; a `quiz_attempts` row has them all. */
export type AttemptSummary = Pick<QuizAttempt, "attemptNumber" | "percentage" | "submittedAt">;

/**
 * takeBestScore Yes: the graded attempt with the highest percentage; on a tie the earliest
 * (lowest attemptNumber), so a retake that only equals the best changes nothing already
 * shown (date, certificate). No: the latest graded attempt. Order is the attemptNumber the
 * server gave at start, not a clock. An attempt not graded yet (still open) never counts.
 * Null when no attempt is graded.
 */
export function pickCountingAttempt<T extends AttemptSummary>(attempts: readonly T[], takeBestScore: boolean): T | null {
  let counting: T | null = null;
  for (const attempt of attempts) {
    if (attempt.submittedAt === null) continue;
    if (counting === null || beats(attempt, counting, takeBestScore)) counting = attempt;
  }
  return counting;
}

function beats(candidate: AttemptSummary, current: AttemptSummary, takeBestScore: boolean): boolean {
  if (!takeBestScore) return candidate.attemptNumber > current.attemptNumber;
  if (candidate.percentage !== current.percentage) return candidate.percentage > current.percentage;
  return candidate.attemptNumber < current.attemptNumber;
}

/**
 * max(0, attemptsAllowed − attemptsTaken). Every started attempt is taken, the open one
 * included: the limit is checked when an attempt starts, so an attempt in progress already
 * used its turn.
 */
export function remainingAttempts(attemptsAllowed: number, attemptsTaken: number): number {
  return Math.max(0, attemptsAllowed - attemptsTaken);
}
