import type { QuizAttempt } from "../../../db/schema/attempts";
import type { Quiz } from "../../../db/schema/quizzes";
import { DEADLINE_GRACE_MS } from "../attempts/schemas";
import { showAnswerTimingOf } from "../quizzes/answer-timing";

/** Why a result carries no right answers (the result page says it in one sentence). */
export type HiddenBecause = "never" | "openAttempt" | "lastAttempt" | "quizCloses";

export interface AnswerReview {
  /** The right options and explanations are in this result. */
  shown: boolean;
  hiddenBecause: HiddenBecause | null;
  /** With "quizCloses": the quiz's end date, epoch ms. */
  quizClosesAt: number | null;
}

export type ReviewQuiz = Pick<Quiz, "showAnswer" | "showAnswerTiming" | "status" | "endTimestamp" | "attemptsAllowed">;

/** A DateRange quiz is closed once its end date and the attempts' network grace have passed (no attempt can still be saving). */
function closesAt(quiz: ReviewQuiz): number | null {
  return quiz.status === "DateRange" && quiz.endTimestamp !== null ? quiz.endTimestamp * 1000 : null;
}

/**
 * ADR 0030, the one rule: may the student see the answer key of their results of this quiz
 * now? `attempts` are all of the student's attempts at the quiz (open ones still running;
 * any past its deadline already graded by the caller). Never while one of them is open,
 * whatever the timing: the key of attempt 1 must not help attempt 2. Then by the timing:
 * after each attempt; after the last one (attempts used up, or the quiz closed so no
 * further attempt is possible); after the quiz closes; never.
 */
export function answerReview(quiz: ReviewQuiz, attempts: readonly Pick<QuizAttempt, "submittedAt">[], now: Date): AnswerReview {
  const hidden = (hiddenBecause: HiddenBecause, quizClosesAt: number | null = null): AnswerReview => ({ shown: false, hiddenBecause, quizClosesAt });
  const timing = showAnswerTimingOf(quiz);
  if (timing === "Never") return hidden("never");
  if (attempts.some((attempt) => attempt.submittedAt === null)) return hidden("openAttempt");
  const end = closesAt(quiz);
  const closed = end !== null && now.getTime() > end + DEADLINE_GRACE_MS;
  const shown: AnswerReview = { shown: true, hiddenBecause: null, quizClosesAt: null };
  switch (timing) {
    case "AfterEachAttempt":
      return shown;
    case "AfterLastAttempt":
      return attempts.length >= quiz.attemptsAllowed || closed ? shown : hidden("lastAttempt");
    case "AfterQuizCloses":
      return closed ? shown : hidden("quizCloses", end);
  }
}
