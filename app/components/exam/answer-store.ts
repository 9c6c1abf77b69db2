import { sameAnswerValue } from "./answer-value";
import type { LocalAnswer } from "./exam-types";

/**
 * Answers not yet acknowledged by the server, kept in localStorage per attempt, so a
 * closed tab, a crash or a lost network loses nothing: they are sent again on the next
 * chance (the server's upsert is idempotent). Acknowledged answers leave the store.
 */
export type PendingAnswers = Record<string, LocalAnswer>;

const key = (takenQuizId: number) => `quiz.exam.${takenQuizId}.pending`;

export function readPending(storage: Pick<Storage, "getItem"> | undefined, takenQuizId: number): PendingAnswers {
  try {
    const text = storage?.getItem(key(takenQuizId));
    const value: unknown = text ? JSON.parse(text) : {};
    return value && typeof value === "object" && !Array.isArray(value) ? (value as PendingAnswers) : {};
  } catch {
    return {};
  }
}

export function writePending(storage: Pick<Storage, "setItem" | "removeItem"> | undefined, takenQuizId: number, pending: PendingAnswers): void {
  try {
    if (Object.keys(pending).length === 0) storage?.removeItem(key(takenQuizId));
    else storage?.setItem(key(takenQuizId), JSON.stringify(pending));
  } catch {
    // Storage full or disabled: the answers still go to the server while online.
  }
}

/** What is still pending after the server acknowledged `sent`: an answer changed meanwhile stays. */
export function afterAcknowledged(pending: PendingAnswers, sent: PendingAnswers): PendingAnswers {
  const left: PendingAnswers = {};
  for (const [questionId, answer] of Object.entries(pending)) {
    const acknowledged = sent[questionId];
    if (!acknowledged || !sameAnswer(acknowledged, answer)) left[questionId] = answer;
  }
  return left;
}

export function sameAnswer(a: LocalAnswer, b: LocalAnswer): boolean {
  return a.markedForReview === b.markedForReview && sameAnswerValue(a.answer, b.answer);
}

/** The request body's answers. */
export function toRequestAnswers(pending: PendingAnswers) {
  return Object.entries(pending).map(([questionId, { answer, markedForReview }]) => ({ questionId: Number(questionId), answer, markedForReview }));
}
