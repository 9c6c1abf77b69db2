import { ITEM_ANALYSIS_THRESHOLDS as T, type ItemFlag } from "./thresholds";

/**
 * The pure arithmetic of item analysis (docs/decisions/0042-item-analysis.md): the database
 * hands over sums, these turn them into indices and flags. Kept apart so the formulas are
 * tested without a database and read in one screen.
 */

/** What SQL sums for one question over the quiz's finished attempts. */
export interface ItemSums {
  /** Finished attempts (every attempt is asked every question of the quiz). */
  attempts: number;
  /** Attempts that answered this question right (x = 1). */
  right: number;
  /** Σ of the attempt's total (questions right) over the attempts that answered this one right. */
  totalWhenRight: number;
  /** Σ of totals and of squared totals over all finished attempts. */
  sumTotal: number;
  sumTotalSquared: number;
}

/** Distinct answers to one question as SQL grouped them: the saved JSON list of option ids, how many gave it, the sum of their totals. */
export interface AnswerGroup {
  selected: string;
  chosen: number;
  totalSum: number;
}

/**
 * Counts each option's choosers and the right answers (with the sum of their attempts'
 * totals) from a question's distinct answers. Right means exactly the correct set, as grading
 * says (api/services/attempts/scoring.ts): an id repeated counts once, an empty answer is wrong.
 */
export function tallyAnswers(options: ReadonlyArray<{ optionId: number; isCorrect: boolean }>, answers: readonly AnswerGroup[]) {
  const correct = new Set(options.filter((option) => option.isCorrect).map((option) => option.optionId));
  const chosen = new Map<number, number>();
  let right = 0;
  let totalWhenRight = 0;
  for (const answer of answers) {
    const ids = new Set(JSON.parse(answer.selected) as number[]);
    for (const id of ids) chosen.set(id, (chosen.get(id) ?? 0) + answer.chosen);
    if (ids.size > 0 && ids.size === correct.size && [...ids].every((id) => correct.has(id))) {
      right += answer.chosen;
      totalWhenRight += answer.totalSum;
    }
  }
  return { chosen, right, totalWhenRight };
}

/** Share of attempts that answered right, 0–1; null without attempts. */
export function facilityOf(sums: Pick<ItemSums, "attempts" | "right">): number | null {
  return sums.attempts === 0 ? null : round(sums.right / sums.attempts);
}

/**
 * The corrected point-biserial correlation between the item (1 right, 0 not) and the rest
 * score (the attempt's total without this item), −1 to 1. With x the item and y = total − x:
 * Σx = right; Σy = Σtotal − right; Σxy = Σ(total − 1) over right answers; Σy² = Σtotal² −
 * Σ(2·total − 1) over right answers. Null with fewer than minAttempts attempts or when either
 * side has no variance (everyone right, everyone wrong, or every rest score equal).
 */
export function discriminationOf(sums: ItemSums): number | null {
  const n = sums.attempts;
  if (n < T.minAttempts) return null;
  const sx = sums.right;
  const sy = sums.sumTotal - sums.right;
  const sxy = sums.totalWhenRight - sums.right;
  const syy = sums.sumTotalSquared - (2 * sums.totalWhenRight - sums.right);
  const varX = n * sx - sx * sx;
  const varY = n * syy - sy * sy;
  if (varX <= 0 || varY <= 0) return null;
  const r = (n * sxy - sx * sy) / Math.sqrt(varX * varY);
  return round(Math.max(-1, Math.min(1, r)));
}

export interface FlagInput {
  attempts: number;
  facility: number | null;
  discrimination: number | null;
  /** Chosen counts of the question's wrong options. */
  distractorCounts: number[];
}

/** The reasons to revise a question, in a fixed order; none below minAttempts. */
export function flagsOf(item: FlagInput): ItemFlag[] {
  if (item.attempts < T.minAttempts || item.facility === null) return [];
  const flags: ItemFlag[] = [];
  if (item.facility > T.tooEasyAbove) flags.push("TOO_EASY");
  if (item.facility < T.tooHardBelow) flags.push("TOO_HARD");
  if (item.discrimination !== null && item.discrimination < T.negativeDiscriminationBelow) flags.push("NEGATIVE_DISCRIMINATION");
  if (item.distractorCounts.some((count) => count === 0)) flags.push("UNUSED_DISTRACTOR");
  return flags;
}

/** Four decimals: enough for a percentage with two, and stable in JSON. */
function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
