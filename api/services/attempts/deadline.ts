import type { QuizAttempt } from "../../../db/schema/attempts";
import type { Quiz } from "../../../db/schema/quizzes";
import { NO_TIME_LIMIT } from "../../../db/schema/quizzes";
import { DEADLINE_GRACE_MS } from "./schemas";

/**
 * When an attempt must end (decisions.md "Deadlines"): time -1 has none (the exam counts
 * up); a quiz timed per question has time × questions in all, enforced as a total; an
 * extra-time factor (1 = none) stretches either.
 */
export function deadlineFor(quiz: Pick<Quiz, "time" | "quizTimeType">, questionCount: number, startedAt: Date, factor = 1): Date | null {
  if (quiz.time === NO_TIME_LIMIT) return null;
  const minutes = quiz.quizTimeType === "Question" ? quiz.time * questionCount : quiz.time;
  return new Date(startedAt.getTime() + Math.round(minutes * 60_000 * factor));
}

/** Past its deadline and the network grace: nothing more is accepted, it is graded on what it saved. */
export function isPastDeadline(attempt: Pick<QuizAttempt, "deadlineAt">, now: Date): boolean {
  return attempt.deadlineAt !== null && now.getTime() > attempt.deadlineAt.getTime() + DEADLINE_GRACE_MS;
}

/** Seconds the attempt took by the server's clock, never beyond its deadline. */
export function secondsTaken(attempt: Pick<QuizAttempt, "startedAt" | "deadlineAt">, end: Date): number {
  const until = attempt.deadlineAt && end > attempt.deadlineAt ? attempt.deadlineAt : end;
  return Math.max(0, Math.round((until.getTime() - attempt.startedAt.getTime()) / 1000));
}
