import type { Quiz, ShowAnswerTiming } from "../../../db/schema/quizzes";

/**
 * The quiz's `showAnswer` (spec: Yes/No) and `showAnswerTiming` (ADR 0030: when a Yes shows
 * right answers) as one setting. Stored as two columns: show_answer (the spec's flag) and
 * show_answer_timing (which kind of Yes; "AfterEachAttempt" while the flag is No), so every
 * reader of the flag alone still reads the truth for "Never".
 */

export type StoredTiming = Pick<Quiz, "showAnswer" | "showAnswerTiming">;
type YesNo = "Yes" | "No";

/** The quiz's timing in the API's terms. */
export function showAnswerTimingOf(quiz: StoredTiming): ShowAnswerTiming {
  return quiz.showAnswer ? quiz.showAnswerTiming : "Never";
}

/** The two columns for a timing. */
export function timingColumns(timing: ShowAnswerTiming): StoredTiming {
  return timing === "Never" ? { showAnswer: false, showAnswerTiming: "AfterEachAttempt" } : { showAnswer: true, showAnswerTiming: timing };
}

/**
 * A request's showAnswer and showAnswerTiming made to agree, given the timing stored (or the
 * default). showAnswerTiming wins when both are sent; showAnswer alone: No is "Never", Yes
 * keeps a stored kind of Yes, else "AfterEachAttempt" (today's Yes). Neither: untouched.
 */
export function foldShowAnswer<T extends { showAnswer?: YesNo; showAnswerTiming?: ShowAnswerTiming }>(patch: T, stored: ShowAnswerTiming): T {
  if (patch.showAnswerTiming !== undefined) return { ...patch, showAnswer: patch.showAnswerTiming === "Never" ? "No" : "Yes" };
  if (patch.showAnswer === undefined) return patch;
  const showAnswerTiming: ShowAnswerTiming = patch.showAnswer === "No" ? "Never" : stored === "Never" ? "AfterEachAttempt" : stored;
  return { ...patch, showAnswerTiming };
}

/**
 * Right or wrong and the explanation after each answer of a one-by-one exam (spec 4 Check):
 * only where answers are shown after each attempt; any later timing would be undone by it.
 */
export function answersDuringAttempt(quiz: StoredTiming): boolean {
  return showAnswerTimingOf(quiz) === "AfterEachAttempt";
}
