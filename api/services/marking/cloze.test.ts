import { describe, expect, it } from "vitest";
import { type ClozeKey, clozeTextFits, markCloze } from "./cloze";

/** "The capital of France is {1}, it has about {2} million people, and it lies on the {3}." */
const paris: ClozeKey = {
  gaps: [
    { kind: "text", answers: [{ text: "Paris", credit: 100 }, { text: "Par*", credit: 50 }], weight: 2 },
    { kind: "number", answers: [{ value: 2.1, credit: 100 }], tolerance: 0.2, weight: 1 },
    { kind: "choice", choices: ["Rhine", "Seine", "Loire"], answers: [{ text: "Seine", credit: 100 }, { text: "Loire", credit: 25 }], weight: 1 },
  ],
};

describe("cloze: weighted gaps", () => {
  it("gives 1 when every gap is right", () => {
    expect(markCloze(paris, { gaps: ["paris", "2,2", "1"] })).toBe(1);
  });

  it("weighs each gap's fraction: text by short-answer rules, number within tolerance, dropdown by its choice's id", () => {
    expect(markCloze(paris, { gaps: ["Parys", "2.1", "1"] })).toBeCloseTo((2 * 0.5 + 1 + 1) / 4, 10);
    expect(markCloze(paris, { gaps: ["Paris", "3", "0"] })).toBeCloseTo(2 / 4, 10);
    expect(markCloze(paris, { gaps: ["Lyon", "2.0", "2"] })).toBeCloseTo((1 + 0.25) / 4, 10);
  });

  it("gives nothing for gaps left empty, missing, or sent with a choice's text instead of its id", () => {
    expect(markCloze(paris, { gaps: ["Paris"] })).toBeCloseTo(2 / 4, 10);
    expect(markCloze(paris, { gaps: ["", "", "Seine"] })).toBe(0);
  });

  it("refuses a unit in a number gap", () => {
    expect(markCloze(paris, { gaps: ["", "2.1 million", ""] })).toBe(0);
  });

  it("reads the attempt's ids for dropdown choices", () => {
    const ids = { choiceIds: [undefined, undefined, ["r", "s", "l"]] };
    expect(markCloze(paris, { gaps: ["Paris", "2.1", "s"] }, ids)).toBe(1);
    expect(markCloze(paris, { gaps: ["Paris", "2.1", "1"] }, ids)).toBeCloseTo(3 / 4, 10);
  });
});

describe("cloze: the question text holds each gap once", () => {
  it("fits {1} … {n} in any order, and nothing else", () => {
    expect(clozeTextFits("{2} then {1} then {3}", paris)).toBe(true);
    expect(clozeTextFits("{1} {2}", paris)).toBe(false);
    expect(clozeTextFits("{1} {2} {3} {3}", paris)).toBe(false);
    expect(clozeTextFits("{1} {2} {4}", paris)).toBe(false);
    expect(clozeTextFits("{0} {1} {2}", paris)).toBe(false);
  });
});
