import { describe, expect, it } from "vitest";
import { markOrdering, type OrderingKey } from "./ordering";

const letters = (grading: OrderingKey["grading"]): OrderingKey => ({ items: ["A", "B", "C", "D", "E", "F"], grading });
/** The answer as letters: item i is named by its position, so "ABCDEF" is the key. */
const order = (text: string) => ({ order: [...text].map((letter) => String(letter.charCodeAt(0) - 65)) });

describe("ordering: all or nothing", () => {
  it("gives 1 only for the whole order right (Moodle's example: A B C D E F)", () => {
    expect(markOrdering(letters("allOrNothing"), order("ABCDEF"))).toBe(1);
    expect(markOrdering(letters("allOrNothing"), order("ABCDFE"))).toBe(0);
    expect(markOrdering(letters("allOrNothing"), order("ABCDE"))).toBe(0);
  });
});

describe("ordering: relative to the next item (excluding the last)", () => {
  it("counts each item placed right after its predecessor, over the n − 1 places", () => {
    expect(markOrdering(letters("relativeToNext"), order("ABCDEF"))).toBe(1);
    expect(markOrdering(letters("relativeToNext"), order("ABCDFE"))).toBeCloseTo(3 / 5, 10);
    expect(markOrdering(letters("relativeToNext"), order("FEDCBA"))).toBe(0);
    expect(markOrdering(letters("relativeToNext"), order("DEFABC"))).toBeCloseTo(4 / 5, 10);
  });

  it("gives credit for the runs a partial order keeps, and none for unknown or repeated ids", () => {
    expect(markOrdering(letters("relativeToNext"), order("ABC"))).toBeCloseTo(2 / 5, 10);
    expect(markOrdering(letters("relativeToNext"), { order: ["0", "x", "1"] })).toBeCloseTo(1 / 5, 10);
    expect(markOrdering({ items: ["A", "B"], grading: "relativeToNext" }, { order: ["0", "1", "0", "1"] })).toBe(1);
  });

  it("reads the attempt's opaque ids", () => {
    const ids = { itemIds: ["q", "w", "e"] };
    expect(markOrdering({ items: ["1", "2", "3"], grading: "allOrNothing" }, { order: ["q", "w", "e"] }, ids)).toBe(1);
    expect(markOrdering({ items: ["1", "2", "3"], grading: "allOrNothing" }, { order: ["0", "1", "2"] }, ids)).toBe(0);
  });
});
