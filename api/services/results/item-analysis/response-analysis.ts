import { type ClozeKey, markGap } from "../../marking/cloze";
import type { MatchingKey } from "../../marking/matching";
import { matchingChoices } from "../../marking/matching";
import type { OrderingKey } from "../../marking/ordering";
import { ANSWER_SCHEMAS } from "../../marking/schemas";
import type { AttemptPartIds } from "../../attempts/part-ids";
import { round } from "./statistics";

/**
 * Moodle-style response analysis per question type (ADR 0072): what students answered, read
 * for the quiz's authors (who may see the key; the page is theirs only). Pure functions over
 * what SQL hands over; the ones that read parts take each attempt's own part ids.
 */

/** A typed answer that earned less than the full mark, with how many finished attempts gave it and their share. */
export interface WrongAnswer {
  text: string;
  count: number;
  /** Of the quiz's finished attempts, 0–1. */
  share: number;
}
/** One part of a question (a pair, a gap, a place in the order): the right answer and the share of finished attempts that got it right. */
export interface PartRate {
  /** Matching: the stem; ordering: the item that belongs at this place; cloze: the gap's number ("1", "2", …). */
  label: string;
  /** Matching: the stem's choice; ordering: the place (1, 2, …); cloze: the first answer with full credit. */
  answer: string;
  /** Share of finished attempts with this part right (an unanswered part is wrong), 0–1; null without attempts. */
  rightRate: number | null;
}

export type ResponseAnalysis =
  | { kind: "options" }
  | { kind: "wrongAnswers"; answers: WrongAnswer[] }
  | { kind: "pairs" | "positions" | "gaps"; parts: PartRate[] }
  | { kind: "essay"; meanMark: number | null; maxMark: number; marked: number; pending: number };

export function wrongAnswersOf(rows: ReadonlyArray<{ typed: string; count: number }>, attempts: number): ResponseAnalysis {
  return { kind: "wrongAnswers", answers: rows.map((row) => ({ text: row.typed, count: row.count, share: attempts === 0 ? 0 : round(row.count / attempts) })) };
}

/** An essay: its mean mark over the marked answers (in marks, out of the question's), and how many wait for a grader. */
export function essayAnalysisOf(sums: { marked: number; sumFraction: number; pending: number; mark: number }): ResponseAnalysis {
  return {
    kind: "essay",
    meanMark: sums.marked === 0 ? null : Math.round((sums.sumFraction / sums.marked) * sums.mark * 100) / 100,
    maxMark: sums.mark,
    marked: sums.marked,
    pending: sums.pending,
  };
}

/** One attempt's stored answer to a question, with the ids that attempt gave the question's parts. */
export interface PartAnswer {
  answer: unknown;
  partIds: AttemptPartIds;
}

/** Which parts one answer got right, in the key's order of parts. */
type PartReader = (questionId: number, answer: unknown, partIds: AttemptPartIds) => boolean[] | null;

function pairsRight(key: MatchingKey): PartReader {
  const choices = matchingChoices(key);
  return (questionId, answer, partIds) => {
    const read = ANSWER_SCHEMAS.matching.safeParse(answer);
    if (!read.success) return null;
    const ids = partIds.matching(questionId, key);
    const choiceOfId = new Map(ids.choiceIds.map((id, j) => [id, choices[j]]));
    const picked = new Map<string, string>();
    for (const pair of read.data.pairs) if (!picked.has(pair.stemId)) picked.set(pair.stemId, pair.choiceId);
    return key.pairs.map((pair, i) => choiceOfId.get(picked.get(ids.stemIds[i]) ?? "") === pair.choice);
  };
}

function positionsRight(key: OrderingKey): PartReader {
  return (questionId, answer, partIds) => {
    const read = ANSWER_SCHEMAS.ordering.safeParse(answer);
    if (!read.success) return null;
    const positionOfId = new Map(partIds.ordering(questionId, key).itemIds.map((id, i) => [id, i]));
    const placed = [...new Set(read.data.order)].flatMap((id) => (positionOfId.has(id) ? [positionOfId.get(id)!] : []));
    return key.items.map((_, k) => placed[k] === k);
  };
}

function gapsRight(key: ClozeKey): PartReader {
  return (questionId, answer, partIds) => {
    const read = ANSWER_SCHEMAS.cloze.safeParse(answer);
    if (!read.success) return null;
    const ids = partIds.cloze(questionId, key);
    return key.gaps.map((gap, g) => markGap(gap, read.data.gaps[g], ids.choiceIds[g]) === 1);
  };
}

/** Each part's right rate over the finished attempts (an attempt without an answer has every part wrong). */
function rates(count: number, reader: PartReader, questionId: number, answers: readonly PartAnswer[], attempts: number): (number | null)[] {
  const right = Array<number>(count).fill(0);
  for (const { answer, partIds } of answers) reader(questionId, answer, partIds)?.forEach((ok, i) => (right[i] += ok ? 1 : 0));
  return right.map((r) => (attempts === 0 ? null : round(r / attempts)));
}

export function pairsAnalysisOf(questionId: number, key: MatchingKey, answers: readonly PartAnswer[], attempts: number): ResponseAnalysis {
  const rate = rates(key.pairs.length, pairsRight(key), questionId, answers, attempts);
  return { kind: "pairs", parts: key.pairs.map((pair, i) => ({ label: pair.stem, answer: pair.choice, rightRate: rate[i] })) };
}

export function positionsAnalysisOf(questionId: number, key: OrderingKey, answers: readonly PartAnswer[], attempts: number): ResponseAnalysis {
  const rate = rates(key.items.length, positionsRight(key), questionId, answers, attempts);
  return { kind: "positions", parts: key.items.map((item, k) => ({ label: item, answer: String(k + 1), rightRate: rate[k] })) };
}

export function gapsAnalysisOf(questionId: number, key: ClozeKey, answers: readonly PartAnswer[], attempts: number): ResponseAnalysis {
  const rate = rates(key.gaps.length, gapsRight(key), questionId, answers, attempts);
  return { kind: "gaps", parts: key.gaps.map((gap, g) => ({ label: String(g + 1), answer: fullCreditAnswer(gap), rightRate: rate[g] })) };
}

function fullCreditAnswer(gap: ClozeKey["gaps"][number]): string {
  const best = [...gap.answers].sort((a, b) => b.credit - a.credit)[0];
  if (!best) return "";
  return "value" in best ? String(best.value) : best.text;
}
