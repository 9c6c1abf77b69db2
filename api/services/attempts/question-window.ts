import { asc, eq } from "drizzle-orm";
import { attemptAnswers, quizQuestions } from "../../../db/schema";
import type { QuizAttempt } from "../../../db/schema/attempts";
import type { AppServices } from "../core/app-services";
import { DEADLINE_GRACE_MS } from "./schemas";
import { onPaper } from "./attempt-paper";

/** The closed questions of an attempt at a quiz timed per question: its quiz order and saved answers, read in one batch. */
export async function closedQuestionsOf(services: AppServices, attempt: QuizAttempt): Promise<Set<number>> {
  const db = services.db;
  const [order, saved] = await db.batch([
    db.select({ id: quizQuestions.questionId }).from(quizQuestions).where(eq(quizQuestions.quizId, attempt.quizId)).orderBy(asc(quizQuestions.position)),
    db.select({ questionId: attemptAnswers.questionId, answerStatus: attemptAnswers.answerStatus }).from(attemptAnswers).where(eq(attemptAnswers.attemptId, attempt.id)),
  ]);
  return closedQuestionIds(
    attempt,
    // The attempt's own paper and order (ADR 0077), which its schedule follows.
    onPaper(attempt.paper, order).map((row) => row.id),
    saved,
    services.now(),
  );
}

/**
 * Questions of a per-question-timed attempt that no longer take answers (spec 4: per-question
 * timing resets on each question, auto-advances at zero, and there is no going back).
 * The server cannot see when the browser showed a question, so it enforces what it can
 * know: question i (quiz order, from 0) closes at start + (i + 1) × its share of the
 * attempt's time (the deadline already carries the student's extra-time factor), plus the
 * network grace; and every question before the furthest one answered is closed. A browser
 * can never exceed the first bound while following the rules (each question gets at most
 * its share), so only a forged client could bank time from fast answers, and never beyond
 * the schedule. ADR 0027.
 */
export function closedQuestionIds(
  attempt: Pick<QuizAttempt, "startedAt" | "deadlineAt">,
  order: number[],
  saved: { questionId: number; answerStatus: string }[],
  now: Date,
): Set<number> {
  if (!attempt.deadlineAt || order.length === 0) return new Set();
  const start = attempt.startedAt.getTime();
  const share = (attempt.deadlineAt.getTime() - start) / order.length;
  const indexOf = new Map(order.map((id, index) => [id, index]));
  const furthest = Math.max(-1, ...saved.filter((a) => a.answerStatus !== "empty").map((a) => indexOf.get(a.questionId) ?? -1));
  return new Set(order.filter((_, index) => index < furthest || now.getTime() > start + (index + 1) * share + DEADLINE_GRACE_MS));
}
