import { ITEM_ANALYSIS_THRESHOLDS as T, type ItemFlag } from "./thresholds";

/**
 * The pure arithmetic of item analysis (docs/decisions/0042-item-analysis.md, 0072): the
 * database hands over sums, these turn them into indices and flags. Kept apart so the
 * formulas are tested without a database and read in one screen.
 */

/** What SQL and the tally sum for one question over the quiz's finished attempts that have a mark for it. */
export interface ItemSums {
  /** Attempts counted: every finished attempt (each is asked every question) but those whose answer waits for a grader. */
  attempts: number;
  /** Σx, Σx² and Σx·total of the item's fraction x (0–1) earned. */
  sumFraction: number;
  sumFractionSquared: number;
  sumFractionTotal: number;
  /** Σ total and Σ total² over the counted attempts. */
  sumTotal: number;
  sumTotalSquared: number;
  /** The question's mark: its share of each total is mark·x. */
  mark: number;
}

/** Distinct answers to one question as SQL grouped them. */
export interface AnswerGroup {
  /** The saved JSON list of option ids ("[]" for the other types). */
  selected: string;
  /** Stored fraction in 10⁻⁷, or null. */
  fractionE7: number | null;
  /** The stored status where the answer has neither a fraction nor a choice (an essay waiting, an empty answer), else ''. */
  status: string;
  chosen: number;
  totalSum: number;
  totalSquaredSum: number;
}

export interface Tally {
  /** Choosers per option id (choice types). */
  chosen: Map<number, number>;
  sumFraction: number;
  sumFractionSquared: number;
  sumFractionTotal: number;
  /** Answers waiting for a grader (essays), with the sums of their attempts' totals, left out of the indices. */
  pending: number;
  pendingTotal: number;
  pendingTotalSquared: number;
}

/**
 * Folds a question's answer groups into the sums of its fraction. A stored fraction wins (the
 * close stores one for the types with an answer key, ADR 0064's addendum; a grader's mark is
 * stored for any type). Without one, a choice answer (on any paper: the close stores none for
 * radio, checkbox and true/false) is right only for exactly the correct set, as grading says
 * (marking/choice.ts: no partial credit for choice; an id repeated counts once, an empty
 * answer is wrong), so today's attempts of choice papers read as they always did; an essay
 * answered without a mark waits for a grader; anything else earned nothing.
 */
export function tallyAnswers(question: { isChoice: boolean; isEssay: boolean; correctOptionIds: ReadonlySet<number> }, groups: readonly AnswerGroup[]): Tally {
  const tally: Tally = { chosen: new Map(), sumFraction: 0, sumFractionSquared: 0, sumFractionTotal: 0, pending: 0, pendingTotal: 0, pendingTotalSquared: 0 };
  for (const group of groups) {
    const ids = new Set(question.isChoice ? (JSON.parse(group.selected) as number[]) : []);
    for (const id of ids) tally.chosen.set(id, (tally.chosen.get(id) ?? 0) + group.chosen);
    if (group.fractionE7 === null && question.isEssay && group.status !== "empty") {
      tally.pending += group.chosen;
      tally.pendingTotal += group.totalSum;
      tally.pendingTotalSquared += group.totalSquaredSum;
      continue;
    }
    const x = group.fractionE7 !== null ? group.fractionE7 / 1e7 : question.isChoice && exactlyCorrect(ids, question.correctOptionIds) ? 1 : 0;
    tally.sumFraction += group.chosen * x;
    tally.sumFractionSquared += group.chosen * x * x;
    tally.sumFractionTotal += x * group.totalSum;
  }
  return tally;
}

const exactlyCorrect = (ids: ReadonlySet<number>, correct: ReadonlySet<number>) => ids.size > 0 && ids.size === correct.size && [...ids].every((id) => correct.has(id));

/** The facility index with partial credit: the mean fraction earned, 0–1; null without attempts counted. */
export function facilityOf(sums: Pick<ItemSums, "attempts" | "sumFraction">): number | null {
  return sums.attempts === 0 ? null : round(sums.sumFraction / sums.attempts);
}

/**
 * The corrected item–rest correlation (Pearson's r between the fraction x earned on the item
 * and the rest score y = total − mark·x), −1 to 1: with x 0 or 1 and every mark 1 it is the
 * corrected point-biserial ADR 0042 chose. From the sums: Σy = Σt − mΣx; Σy² = Σt² − 2mΣxt +
 * m²Σx²; Σxy = Σxt − mΣx². Null with fewer than minAttempts attempts or when either side has
 * no variance (everyone earned the same, or every rest score is equal).
 */
export function discriminationOf(sums: ItemSums): number | null {
  const n = sums.attempts;
  if (n < T.minAttempts) return null;
  const m = sums.mark;
  const sx = sums.sumFraction;
  const sy = sums.sumTotal - m * sx;
  const sxy = sums.sumFractionTotal - m * sums.sumFractionSquared;
  const syy = sums.sumTotalSquared - 2 * m * sums.sumFractionTotal + m * m * sums.sumFractionSquared;
  const varX = n * sums.sumFractionSquared - sx * sx;
  const varY = n * syy - sy * sy;
  // Fractions are not whole numbers: a variance of zero can come out as a rounding crumb.
  if (varX <= 1e-9 * n * n || varY <= 1e-9 * n * n) return null;
  const r = (n * sxy - sx * sy) / Math.sqrt(varX * varY);
  return round(Math.max(-1, Math.min(1, r)));
}

export interface FlagInput {
  attempts: number;
  facility: number | null;
  discrimination: number | null;
  /** Chosen counts of the question's wrong options (choice types; none for the others). */
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
export function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
