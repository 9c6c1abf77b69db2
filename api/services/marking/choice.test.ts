import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { markChoice, TrueFalseOptions } from "./choice";

/** The rule as written: right exactly when the chosen ids, each once, are the correct ids, each once. */
const sameSets = (correct: readonly number[], chosen: readonly number[]) => {
  const want = new Set(correct);
  const got = new Set(chosen);
  return got.size === want.size && [...got].every((id) => want.has(id)) ? 1 : 0;
};

describe("choice questions: today's rule, exactly the correct set", () => {
  const checkbox = { correctOptionIds: [11, 13] };
  it("is right for the correct set in any order, repeats counted once (docs/scoring.md's example)", () => {
    expect(markChoice(checkbox, [11, 13])).toBe(1);
    expect(markChoice(checkbox, [13, 11, 11])).toBe(1);
  });
  it("is wrong for part of the set, one too many, or an id of no correct option: no partial credit", () => {
    expect(markChoice(checkbox, [11])).toBe(0);
    expect(markChoice(checkbox, [11, 12, 13])).toBe(0);
    expect(markChoice(checkbox, [11, 999])).toBe(0);
    expect(markChoice({ correctOptionIds: [21] }, [21, 22])).toBe(0);
  });
});

describe("true/false options", () => {
  const options = (trueRight: boolean, falseRight: boolean, texts = ["True", "False"]) => [
    { optionText: texts[0], optionStatus: trueRight },
    { optionText: texts[1], optionStatus: falseRight },
  ];
  it("are True and False, exactly one correct", () => {
    expect(TrueFalseOptions.safeParse(options(true, false)).success).toBe(true);
    expect(TrueFalseOptions.safeParse(options(false, true)).success).toBe(true);
    expect(TrueFalseOptions.safeParse(options(true, true)).success).toBe(false);
    expect(TrueFalseOptions.safeParse(options(false, false)).success).toBe(false);
    expect(TrueFalseOptions.safeParse(options(true, false, ["Yes", "No"])).success).toBe(false);
    expect(TrueFalseOptions.safeParse([...options(true, false), { optionText: "Maybe", optionStatus: false }]).success).toBe(false);
  });
});

describe("choice questions: one chosen against one right is the same rule", () => {
  it("agrees with the rule of sets on any small lists, one id or several, repeats included", () => {
    const ids = fc.array(fc.integer({ min: 1, max: 4 }), { maxLength: 3 });
    fc.assert(
      fc.property(ids, ids, (correct, chosen) => {
        expect(markChoice({ correctOptionIds: correct }, chosen)).toBe(sameSets(correct, chosen));
      }),
      { numRuns: 2000 },
    );
  });
});
