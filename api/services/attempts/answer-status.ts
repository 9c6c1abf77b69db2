import type { AnswerStatus } from "../../../db/schema/attempts";

/**
 * An answer as it is stored: the chosen option ids once each, ascending, and its spec 4
 * state: an answer makes it "yes"; marking for review ("not") is possible only while
 * unanswered. One place for the rule: autosave stores it, a submit compares against it.
 */
export function storedFormOf(answer: { answer: readonly number[]; markedForReview?: boolean }): { chosen: number[]; answerStatus: AnswerStatus } {
  const chosen = [...new Set(answer.answer)].sort((a, b) => a - b);
  return { chosen, answerStatus: chosen.length > 0 ? "yes" : answer.markedForReview ? "not" : "empty" };
}
