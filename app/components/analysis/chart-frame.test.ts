import { describe, expect, it } from "vitest";
import { integerTicks } from "./chart-frame";

describe("integerTicks (issue 25 point 6: no half attempts on the count axis)", () => {
  it("gives whole numbers only, however few the attempts", () => {
    expect(integerTicks(1)).toEqual([0, 1]);
    expect(integerTicks(2)).toEqual([0, 1, 2]);
    expect(integerTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it("keeps to about four steps as the counts grow", () => {
    expect(integerTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(12)).toEqual([0, 3, 6, 9, 12]);
    expect(integerTicks(100)).toEqual([0, 25, 50, 75, 100]);
    for (const top of [5, 7, 13, 99]) for (const tick of integerTicks(top)) expect(Number.isInteger(tick)).toBe(true);
  });
});
