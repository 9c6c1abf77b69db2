import type { AnswerRow } from "./item-analysis-sql";
import type { ResponseAnalysis } from "./response-analysis";

/** Quizzes whose grouped answers one process keeps: a teacher's few open analyses, not every quiz. */
const MOST_KEPT = 32;

export interface KeptAnswers {
  answers: AnswerRow[];
  responses: Map<number, ResponseAnalysis>;
}

const kept = new Map<string, { fingerprint: string; value: KeptAnswers }>();

/**
 * The grouped answers and response analyses of a quiz, read again only when its finished
 * attempts changed (ADR 0072). The fingerprint comes from the scan of the finished attempts
 * the page needs anyway (count, Σ ids, Σ answers' versions, last submission): a new finished
 * attempt changes the count, a grader's mark bumps its attempt's version (grade-answer.ts), and
 * nothing else changes a finished attempt's answers. Read from the database every time, so
 * processes and Worker isolates each keep their own copy and none can serve a stale one. The
 * feedback counts and question texts are not kept: they come with the paper every time.
 */
export async function keptAnswersOf(key: string, fingerprint: string, read: () => Promise<KeptAnswers>): Promise<KeptAnswers> {
  const found = kept.get(key);
  if (found && found.fingerprint === fingerprint) return found.value;
  const value = await read();
  kept.delete(key);
  kept.set(key, { fingerprint, value });
  // A Map iterates in insertion order: the first key is the one written longest ago.
  if (kept.size > MOST_KEPT) kept.delete(kept.keys().next().value!);
  return value;
}
