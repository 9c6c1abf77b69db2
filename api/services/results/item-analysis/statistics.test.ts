import { describe, expect, it } from "vitest";
import { discriminationOf, facilityOf, flagsOf, tallyAnswers } from "./statistics";
import { ITEM_ANALYSIS_THRESHOLDS } from "./thresholds";

/** Sums of items (1/0) and totals per attempt, as SQL and the service hand them to discriminationOf. */
function sumsOf(items: number[], totals: number[]) {
  return {
    attempts: items.length,
    right: items.reduce((a, b) => a + b, 0),
    totalWhenRight: items.reduce((sum, x, i) => sum + x * totals[i], 0),
    sumTotal: totals.reduce((a, b) => a + b, 0),
    sumTotalSquared: totals.reduce((sum, t) => sum + t * t, 0),
  };
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
    expect(facilityOf({ attempts: 0, right: 0 })).toBeNull();
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

  it("counts a distinct answer right only when it is exactly the correct set, and every option it holds", () => {
    const options = [
      { optionId: 1, isCorrect: true },
      { optionId: 2, isCorrect: true },
      { optionId: 3, isCorrect: false },
    ];
    const tally = tallyAnswers(options, [
      { selected: "[1,2]", chosen: 4, totalSum: 20 },
      { selected: "[2,1,2]", chosen: 1, totalSum: 5 },
      { selected: "[1]", chosen: 2, totalSum: 6 },
      { selected: "[1,2,3]", chosen: 1, totalSum: 3 },
      { selected: "[]", chosen: 3, totalSum: 0 },
    ]);
    expect(tally.right).toBe(5);
    expect(tally.totalWhenRight).toBe(25);
    expect(Object.fromEntries(tally.chosen)).toEqual({ 1: 8, 2: 6, 3: 1 });
  });
});
