import { describe, expect, it } from "vitest";
import { discriminationOf, facilityOf, flagsOf, tallyAnswers } from "./statistics";
import { ITEM_ANALYSIS_THRESHOLDS } from "./thresholds";

/** Sums of items (fractions 0–1) and totals per attempt, as SQL and the service hand them to discriminationOf. */
function sumsOf(items: number[], totals: number[], mark = 1) {
  const sum = (f: (x: number, t: number) => number) => items.reduce((acc, x, i) => acc + f(x, totals[i]), 0);
  return {
    attempts: items.length,
    sumFraction: sum((x) => x),
    sumFractionSquared: sum((x) => x * x),
    sumFractionTotal: sum((x, t) => x * t),
    sumTotal: sum((_, t) => t),
    sumTotalSquared: sum((_, t) => t * t),
    mark,
  };
}

/** Pearson's r, the textbook way, for checking the sums' algebra. */
function pearson(xs: number[], ys: number[]) {
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  const cov = xs.reduce((acc, x, i) => acc + (x - mx) * (ys[i] - my), 0);
  const vx = xs.reduce((acc, x) => acc + (x - mx) ** 2, 0);
  const vy = ys.reduce((acc, y) => acc + (y - my) ** 2, 0);
  return cov / Math.sqrt(vx * vy);
}

describe("item statistics (ADR 0042)", () => {
  it("gives the corrected point-biserial: +1 when the item orders attempts like the rest does, −1 when it reverses them", () => {
    const items = [1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
    const rest = [5, 5, 5, 5, 5, 2, 2, 2, 2, 2];
    expect(discriminationOf(sumsOf(items, rest.map((r, i) => r + items[i])))).toBe(1);
    const reversed = items.map((x) => 1 - x);
    expect(discriminationOf(sumsOf(reversed, rest.map((r, i) => r + reversed[i])))).toBe(-1);
  });

  it("has no discrimination below the minimum of attempts or without variance", () => {
    const few = ITEM_ANALYSIS_THRESHOLDS.minAttempts - 1;
    expect(discriminationOf(sumsOf(Array.from({ length: few }, (_, i) => i % 2), Array.from({ length: few }, (_, i) => i)))).toBeNull();
    expect(discriminationOf(sumsOf(Array(12).fill(1), Array.from({ length: 12 }, (_, i) => i + 1)))).toBeNull();
    expect(discriminationOf(sumsOf(Array.from({ length: 12 }, (_, i) => i % 2), Array.from({ length: 12 }, (_, i) => 3 + (i % 2))))).toBeNull();
    expect(facilityOf({ attempts: 0, sumFraction: 0 })).toBeNull();
  });

  it("with partial credit and a mark of 3: facility is the mean fraction, discrimination the item against the rest (total − 3·x)", () => {
    const items = [1, 0.5, 2 / 3, 0, 1, 0.25, 0, 1, 0.5, 1 / 3, 0, 0.75];
    const rest = [7, 4, 6, 1, 8, 3, 2, 6, 5, 3, 4, 5];
    const totals = rest.map((r, i) => r + 3 * items[i]);
    // By hand: the fractions add up to 6 over 12 attempts.
    expect(facilityOf(sumsOf(items, totals, 3))).toBe(0.5);
    expect(discriminationOf(sumsOf(items, totals, 3))).toBeCloseTo(pearson(items, rest), 4);
  });

  it("flags strictly past the thresholds, and nothing below the minimum of attempts", () => {
    const flags = (facility: number, discrimination: number | null = 0.3, distractorCounts = [1, 1], attempts = 20) => flagsOf({ attempts, facility, discrimination, distractorCounts });
    expect(flags(0.9)).toEqual([]);
    expect(flags(0.95)).toEqual(["TOO_EASY"]);
    expect(flags(0.2)).toEqual([]);
    expect(flags(0.15)).toEqual(["TOO_HARD"]);
    expect(flags(0.5, 0)).toEqual([]);
    expect(flags(0.5, -0.01)).toEqual(["NEGATIVE_DISCRIMINATION"]);
    expect(flags(0.5, null, [0, 3])).toEqual(["UNUSED_DISTRACTOR"]);
    expect(flags(1, null, [0, 0], ITEM_ANALYSIS_THRESHOLDS.minAttempts - 1)).toEqual([]);
  });

  it("counts a distinct choice answer right only when it is exactly the correct set, and every option it holds; a stored fraction wins", () => {
    const choice = { isChoice: true, isEssay: false, correctOptionIds: new Set([1, 2]) };
    const group = (selected: string, chosen: number, totalSum: number, fractionE7: number | null = null) => ({ selected, chosen, totalSum, totalSquaredSum: 0, fractionE7, status: "yes" });
    const tally = tallyAnswers(choice, [group("[1,2]", 4, 20), group("[2,1,2]", 1, 5), group("[1]", 2, 6), group("[1,2,3]", 1, 3), group("[]", 3, 0), group("[1]", 1, 4, 10_000_000)]);
    expect(tally.sumFraction).toBe(6);
    expect(tally.sumFractionTotal).toBe(29);
    expect(Object.fromEntries(tally.chosen)).toEqual({ 1: 9, 2: 6, 3: 1 });
  });

  it("sums stored fractions of the other types, and leaves an essay waiting for a grader out", () => {
    const essay = { isChoice: false, isEssay: true, correctOptionIds: new Set<number>() };
    const tally = tallyAnswers(essay, [
      { selected: "[]", fractionE7: 5_000_000, status: "partial", chosen: 2, totalSum: 6, totalSquaredSum: 18 },
      { selected: "[]", fractionE7: null, status: "pending", chosen: 3, totalSum: 9, totalSquaredSum: 27 },
      { selected: "[]", fractionE7: null, status: "empty", chosen: 1, totalSum: 1, totalSquaredSum: 1 },
    ]);
    expect([tally.sumFraction, tally.sumFractionSquared, tally.sumFractionTotal]).toEqual([1, 0.5, 3]);
    expect([tally.pending, tally.pendingTotal, tally.pendingTotalSquared]).toEqual([3, 9, 27]);
  });
});
