import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pickCountingAttempt, remainingAttempts, type AttemptSummary } from "./counting-attempt";

const graded = (attemptNumber: number, percentage: number): AttemptSummary => ({ attemptNumber, percentage, submittedAt: new Date(1_700_000_000_000 + attemptNumber) });
const open = (attemptNumber: number): AttemptSummary => ({ attemptNumber, percentage: 0, submittedAt: null });

describe("pickCountingAttempt", () => {
  const attempts = [graded(1, 40), graded(2, 80), graded(3, 60)];

  it("takes the best percentage when takeBestScore is Yes", () => {
    expect(pickCountingAttempt(attempts, true)?.attemptNumber).toBe(2);
  });

  it("takes the latest attempt when takeBestScore is No", () => {
    expect(pickCountingAttempt(attempts, false)?.attemptNumber).toBe(3);
  });

  it("breaks a tie for best with the earliest attempt, whatever order the rows come in", () => {
    const tied = [graded(3, 80), graded(1, 80), graded(2, 50)];
    expect(pickCountingAttempt(tied, true)?.attemptNumber).toBe(1);
    expect(pickCountingAttempt([...tied].reverse(), true)?.attemptNumber).toBe(1);
  });

  it("orders by attemptNumber, not by the time an attempt was graded", () => {
    // Attempt 1 ran out of time and was graded after attempt 2 was submitted.
    const late = { attemptNumber: 1, percentage: 90, submittedAt: new Date(2_000_000_000_000) };
    expect(pickCountingAttempt([late, graded(2, 10)], false)?.attemptNumber).toBe(2);
  });

  it("never counts an attempt that is still open, and answers null when none is graded", () => {
    expect(pickCountingAttempt([graded(1, 30), { ...open(2), percentage: 100 }], false)?.attemptNumber).toBe(1);
    expect(pickCountingAttempt([graded(1, 30), { ...open(2), percentage: 100 }], true)?.attemptNumber).toBe(1);
    expect(pickCountingAttempt([open(1)], true)).toBeNull();
    expect(pickCountingAttempt([], false)).toBeNull();
  });

  it("on random attempts: picks a graded attempt with the highest percentage (Yes) or number (No)", () => {
    const attemptsArb = fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { maxLength: 12 }).chain((numbers) =>
      fc.tuple(...numbers.map((n) => fc.record({ attemptNumber: fc.constant(n), percentage: fc.integer({ min: 0, max: 4 }).map((p) => p * 25), done: fc.boolean() }))),
    );
    fc.assert(
      fc.property(attemptsArb, fc.boolean(), (raw, takeBestScore) => {
        const list = raw.map((a) => (a.done ? graded(a.attemptNumber, a.percentage) : open(a.attemptNumber)));
        const done = list.filter((a) => a.submittedAt !== null);
        const picked = pickCountingAttempt(list, takeBestScore);
        if (done.length === 0) {
          expect(picked).toBeNull();
          return;
        }
        expect(done).toContain(picked);
        if (takeBestScore) {
          const best = Math.max(...done.map((a) => a.percentage));
          expect(picked!.percentage).toBe(best);
          expect(picked!.attemptNumber).toBe(Math.min(...done.filter((a) => a.percentage === best).map((a) => a.attemptNumber)));
        } else {
          expect(picked!.attemptNumber).toBe(Math.max(...done.map((a) => a.attemptNumber)));
        }
      }),
    );
  });
});

describe("remainingAttempts", () => {
  it.each([
    [3, 0, 3],
    [3, 1, 2],
    [3, 3, 0],
    [1, 2, 0], // never negative, even if a limit was lowered after attempts were made
  ])("%i allowed, %i taken → %i", (allowed, taken, expected) => {
    expect(remainingAttempts(allowed, taken)).toBe(expected);
  });
});
