import { describe, expect, it } from "vitest";
import { MAX_QUESTIONS } from "../quizzes/schemas";
import { MAX_DRAW_POOL } from "../quizzes/draw-parts";

describe("the questions stamp (paper-stamp.ts)", () => {
  it("stays an exact number in JavaScript for the most questions a quiz may hold, saved as late as the year 2200", () => {
    // A start reads the stamp into a JS number and its insert compares it with SQLite's exact
    // integer sum: past 2^53 the two would differ and every first start would be read again
    // until it gives up (429). Raising a quiz's limits past this needs another stamp.
    const latest = Date.UTC(2200, 0, 1);
    expect((MAX_QUESTIONS + MAX_DRAW_POOL) * latest).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
  });
});
