import { describe, expect, it } from "vitest";
import { type AttemptRecord, KeptAttempts, scoresByDay } from "./attempt-records";

const DAY = 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23, 10, 0, 0);
const right = { questionId: 1, selected: "[11]", fractionE7: null, status: "yes" };
const wrong = { questionId: 1, selected: "[12]", fractionE7: null, status: "yes" };
const essay = (fractionE7: number | null) => ({ questionId: 2, selected: "[]", fractionE7, status: fractionE7 === null ? "pending" : "partial" });

/** Attempts of two questions; totals and percentages that are not exact in binary (0.1, 66.67). */
function attempts(kept: KeptAttempts): AttemptRecord[] {
  const g = (key: Parameters<KeptAttempts["groupOf"]>[0]) => kept.groupOf(key);
  return [
    { id: 1, version: 3, submittedAt: MONDAY, percentage: 66.67, total: 1.1, groups: [g(right), g(essay(1_000_000))] },
    { id: 2, version: 5, submittedAt: MONDAY + 3_600_000, percentage: 0.1, total: 0.1, groups: [g(wrong), g(essay(null))] },
    { id: 3, version: 2, submittedAt: MONDAY + DAY, percentage: 100, total: 2, groups: [g(right), g(essay(10_000_000))] },
  ];
}

describe("KeptAttempts", () => {
  it("gives the same sums, days, bins and fingerprint changed attempt by attempt as made from nothing", () => {
    const built = new KeptAttempts();
    const [a, b, c] = attempts(built);
    built.put(c);
    built.put(b);
    built.put(a);
    // B's essay graded (its version bumped, its total and percentage up), then A's attempt goes and comes back.
    built.put({ ...b, version: 6, total: 1.05, percentage: 52.5, groups: [built.groupOf(wrong), built.groupOf(essay(9_500_000))] });
    built.remove(1);
    built.put(a);

    const fresh = new KeptAttempts();
    const [a2, b2, c2] = attempts(fresh);
    fresh.put(a2);
    fresh.put({ ...b2, version: 6, total: 1.05, percentage: 52.5, groups: [fresh.groupOf(wrong), fresh.groupOf(essay(9_500_000))] });
    fresh.put(c2);

    const sortAnswers = (folded: ReturnType<KeptAttempts["fold"]>) => ({ ...folded, answers: [...folded.answers].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))) });
    expect(sortAnswers(built.fold())).toEqual(sortAnswers(fresh.fold()));
    expect(built.fingerprint).toBe(`3:6:11:${MONDAY + DAY}`);
    const folded = built.fold();
    expect(folded.summary).toMatchObject({ count: 3, sumTotal: 1.1 + 1.05 + 2 });
    expect(scoresByDay(folded.quarters, "UTC")).toEqual([
      { day: "2026-11-23", attempts: 2, average: (66.67 + 52.5) / 2 },
      { day: "2026-11-24", attempts: 1, average: 100 },
    ]);
    expect([...folded.bins]).toEqual(expect.arrayContaining([[6, 1], [5, 1], [9, 1]]));
    // B's pending essay left its group when it was graded.
    expect(folded.answers.find((row) => row.questionId === 2 && row.fractionE7 === null)).toBeUndefined();
  });

  it("groups the same kept attempts by the days of the school's zone (ADR 0082 addendum), not by UTC days", () => {
    const kept = new KeptAttempts();
    for (const one of attempts(kept)) kept.put(one);
    const { quarters } = kept.fold();
    // 10:00 and 11:00 UTC on Monday are 23:00 Monday and 00:00 Tuesday in Auckland (summer, UTC+13).
    expect(scoresByDay(quarters, "Pacific/Auckland")).toEqual([
      { day: "2026-11-23", attempts: 1, average: 66.67 },
      { day: "2026-11-24", attempts: 2, average: (0.1 + 100) / 2 },
    ]);
    // 05:00 and 06:00 in New York: Monday's, as in UTC.
    expect(scoresByDay(quarters, "America/New_York").map((row) => [row.day, row.attempts])).toEqual([["2026-11-23", 2], ["2026-11-24", 1]]);
  });

  it("reads the last submission again when the attempt submitted last goes", () => {
    const kept = new KeptAttempts();
    const [a, b, c] = attempts(kept);
    for (const one of [a, b, c]) kept.put(one);
    kept.remove(3);
    expect(kept.fingerprint).toBe(`2:3:8:${MONDAY + 3_600_000}`);
  });
});
