import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { zodFieldSayings } from "../core/errors";
import "../message-codes"; // registers the catalogue that renders the coded messages
import { clozeTextMessage } from "./cloze";
import { defaultMark } from "./fields";
import { ANSWER_KEY_SCHEMAS, ANSWER_SCHEMAS } from "./schemas";

/** Field path → the code (and values) of the first refusal there, as the API's envelope carries them. */
function refusals(schema: z.ZodType, input: unknown): Record<string, { code: string; params?: unknown; message: string }> {
  const result = schema.safeParse(input);
  expect(result.success, JSON.stringify(input).slice(0, 200)).toBe(false);
  return zodFieldSayings(result.error!) as Record<string, { code: string; params?: unknown; message: string }>;
}

const VALID_KEYS = {
  shortAnswer: { answers: [{ text: "Paris", credit: 100 }], caseSensitive: false },
  numerical: { answers: [{ value: 9.81, tolerance: 0.01, credit: 100 }], units: [{ unit: "m/s²", multiplier: 1 }], unitRequired: true, unitPenalty: 0.2 },
  matching: { pairs: [{ stem: "France", choice: "Paris" }, { stem: "Italy", choice: "Rome" }], distractors: ["Lyon"] },
  ordering: { items: ["one", "two", "three"], grading: "relativeToNext" },
  cloze: {
    gaps: [
      { kind: "text", answers: [{ text: "Paris", credit: 100 }], weight: 1 },
      { kind: "number", answers: [{ value: 2, credit: 100 }], tolerance: 0.5, weight: 2 },
      { kind: "choice", choices: ["a", "b"], answers: [{ text: "b", credit: 100 }], weight: 1 },
    ],
  },
  essay: { minWords: 50, maxWords: 300, graderInfo: "Look for two causes", responseTemplate: "", rubric: [{ criterion: "Argument", levels: [{ label: "Weak", points: 0 }, { label: "Strong", points: 2.5 }] }] },
} as const;

describe("answer keys: the decisions.md shapes", () => {
  it.each(Object.entries(VALID_KEYS))("take a well-formed %s key", (type, key) => {
    expect(ANSWER_KEY_SCHEMAS[type as keyof typeof VALID_KEYS].safeParse(key).success).toBe(true);
  });

  it("fill the defaults a form may leave out", () => {
    expect(ANSWER_KEY_SCHEMAS.shortAnswer.parse({ answers: [{ text: " Paris ", credit: 100 }] })).toEqual({ answers: [{ text: "Paris", credit: 100 }], caseSensitive: false });
    expect(ANSWER_KEY_SCHEMAS.numerical.parse({ answers: [{ value: 1, credit: 100 }] })).toEqual({ answers: [{ value: 1, tolerance: 0, credit: 100 }], units: [], unitRequired: false, unitPenalty: 0.1 });
    expect(ANSWER_KEY_SCHEMAS.ordering.parse({ items: ["a", "b"] }).grading).toBe("allOrNothing");
  });

  it("say each refusal by its code, at its field, with its values", () => {
    expect(refusals(ANSWER_KEY_SCHEMAS.shortAnswer, { answers: [] })["answers"]).toMatchObject({ code: "ANSWER_KEY_ANSWERS_COUNT", params: { min: 1, max: 20 }, message: "Give 1 to 20 accepted answers" });
    expect(refusals(ANSWER_KEY_SCHEMAS.shortAnswer, { answers: [{ text: "Paris", credit: 50 }] })["answers"].code).toBe("ANSWER_KEY_FULL_CREDIT_NEEDED");
    expect(refusals(ANSWER_KEY_SCHEMAS.shortAnswer, { answers: [{ text: "Paris", credit: 120 }] })["answers.0.credit"].code).toBe("ANSWER_KEY_CREDIT");
    expect(refusals(ANSWER_KEY_SCHEMAS.shortAnswer, { answers: [{ text: "  ", credit: 100 }] })["answers.0.text"]).toMatchObject({ code: "ANSWER_KEY_TEXT_LENGTH", message: "Must be 1 to 255 characters" });
    expect(refusals(ANSWER_KEY_SCHEMAS.numerical, { answers: [{ value: 1, credit: 100 }], unitRequired: true })["unitRequired"].code).toBe("ANSWER_KEY_UNIT_REQUIRED_WITHOUT_UNITS");
    expect(refusals(ANSWER_KEY_SCHEMAS.numerical, { answers: [{ value: 1, credit: 100 }], units: [{ unit: "m", multiplier: 1 }, { unit: " m", multiplier: 2 }] })["units"].code).toBe("ANSWER_KEY_UNIT_REPEATED");
    expect(refusals(ANSWER_KEY_SCHEMAS.numerical, { answers: [{ value: 1, credit: 100 }], units: [{ unit: "m\nx", multiplier: 1 }] })["units.0.unit"].code).toBe("TEXT_NOT_ONE_LINE");
    expect(refusals(ANSWER_KEY_SCHEMAS.numerical, { answers: [{ value: 1, credit: 100 }], units: [{ unit: "m", multiplier: 0 }] })["units.0.multiplier"].code).toBe("ANSWER_KEY_UNIT_MULTIPLIER");
    expect(refusals(ANSWER_KEY_SCHEMAS.numerical, { answers: [{ value: 1, credit: 100 }], unitPenalty: 2 })["unitPenalty"].code).toBe("ANSWER_KEY_UNIT_PENALTY");
    expect(refusals(ANSWER_KEY_SCHEMAS.matching, { pairs: [{ stem: "a", choice: "b" }] })["pairs"]).toMatchObject({ code: "ANSWER_KEY_PAIRS_COUNT", params: { min: 2, max: 30 } });
    expect(refusals(ANSWER_KEY_SCHEMAS.matching, { ...VALID_KEYS.matching, distractors: ["Rome"] })["distractors"].code).toBe("ANSWER_KEY_DISTRACTOR_IS_ANSWER");
    expect(refusals(ANSWER_KEY_SCHEMAS.ordering, { items: ["a", "a"] })["items"].code).toBe("ANSWER_KEY_ITEMS_REPEATED");
    expect(refusals(ANSWER_KEY_SCHEMAS.ordering, { items: ["a", "b"], grading: "absolute" })["grading"].code).toBe("ANSWER_KEY_ORDERING_GRADING");
    expect(refusals(ANSWER_KEY_SCHEMAS.cloze, { gaps: [{ kind: "essay", answers: [] }] })["gaps.0.kind"].code).toBe("ANSWER_KEY_GAP_KIND");
    expect(refusals(ANSWER_KEY_SCHEMAS.cloze, { gaps: [{ kind: "choice", choices: ["a", "b"], answers: [{ text: "c", credit: 100 }] }] })["gaps.0.answers"].code).toBe("ANSWER_KEY_CHOICE_UNKNOWN");
    expect(refusals(ANSWER_KEY_SCHEMAS.cloze, { gaps: [{ kind: "text", answers: [{ text: "a", credit: 100 }], weight: 0 }] })["gaps.0.weight"].code).toBe("ANSWER_KEY_GAP_WEIGHT");
    expect(refusals(ANSWER_KEY_SCHEMAS.essay, { minWords: 300, maxWords: 50 })["minWords"].code).toBe("ANSWER_KEY_WORD_LIMITS_ORDER");
    expect(refusals(ANSWER_KEY_SCHEMAS.essay, { minWords: 2.5 })["minWords"].code).toBe("ANSWER_KEY_WORD_LIMIT");
    expect(refusals(ANSWER_KEY_SCHEMAS.essay, { graderInfo: "x".repeat(20_001) })["graderInfo"]).toMatchObject({ code: "ANSWER_KEY_TEXT_TOO_LONG", message: "Must be at most 20,000 characters" });
    expect(refusals(ANSWER_KEY_SCHEMAS.essay, { rubric: [{ criterion: "A", levels: [{ label: "x", points: 1.234 }] }] })["rubric.0.levels.0.points"].code).toBe("ANSWER_KEY_POINTS");
    expect(refusals(ANSWER_KEY_SCHEMAS.essay, "an essay")["_"].code).toBe("ANSWER_KEY_SHAPE");
  });

  it("refuse numbers that are not finite and numbers written as text", () => {
    for (const value of [Infinity, -Infinity, NaN, "9.81"]) {
      expect(refusals(ANSWER_KEY_SCHEMAS.numerical, { answers: [{ value, credit: 100 }] })["answers.0.value"].code).toBe("ANSWER_KEY_NUMBER");
    }
    expect(refusals(ANSWER_KEY_SCHEMAS.numerical, { answers: [{ value: 1, tolerance: Infinity, credit: 100 }] })["answers.0.tolerance"].code).toBe("ANSWER_KEY_TOLERANCE");
  });

  it("refuse lists longer than their limit before reading an entry: 10,000 pairs", () => {
    const pairs = Array.from({ length: 10_000 }, (_, i) => ({ stem: `s${i}`, choice: `c${i}` }));
    const said = refusals(ANSWER_KEY_SCHEMAS.matching, { pairs });
    expect(Object.keys(said)).toEqual(["pairs"]);
    expect(said.pairs.code).toBe("ANSWER_KEY_PAIRS_COUNT");
  });

  it("word a cloze text that does not hold its gaps with the number of gaps", () => {
    expect(clozeTextMessage({ gaps: [{} as never, {} as never] })).toContain("ANSWER_KEY_GAPS_NOT_IN_TEXT");
  });
});

describe("defaultMark", () => {
  it("is 0.5 to 100 with at most two decimals, 1 when not given", () => {
    for (const mark of [0.5, 1, 2.25, 0.1 + 0.2 + 0.7, 100]) expect(defaultMark.safeParse(mark).success, String(mark)).toBe(true);
    for (const mark of [0.49, 100.01, 1.005, Infinity, NaN, "1", -1]) expect(defaultMark.safeParse(mark).success, String(mark)).toBe(false);
    expect(defaultMark.parse(undefined)).toBe(1);
    expect(refusals(defaultMark, 1.005)._.code).toBe("ANSWER_KEY_DEFAULT_MARK");
  });
});

describe("students' answers: the decisions.md shapes", () => {
  it("take each type's shape", () => {
    expect(ANSWER_SCHEMAS.checkbox.safeParse([11, 13]).success).toBe(true);
    expect(ANSWER_SCHEMAS.shortAnswer.safeParse({ text: "Paris" }).success).toBe(true);
    expect(ANSWER_SCHEMAS.numerical.safeParse({ value: "9,81", unit: "m/s²" }).success).toBe(true);
    expect(ANSWER_SCHEMAS.matching.safeParse({ pairs: [{ stemId: "a1", choiceId: "b2" }] }).success).toBe(true);
    expect(ANSWER_SCHEMAS.ordering.safeParse({ order: ["x", "y"] }).success).toBe(true);
    expect(ANSWER_SCHEMAS.cloze.safeParse({ gaps: ["Paris", "", "1"] }).success).toBe(true);
    expect(ANSWER_SCHEMAS.essay.safeParse({ html: "<p>Because.</p>" }).success).toBe(true);
  });

  it("refuse the wrong shape, numbers as text, extra fields, repeats and too many parts, each by code", () => {
    expect(refusals(ANSWER_SCHEMAS.radio, ["11"])["0"].code).toBe("STUDENT_ANSWER_SHAPE");
    expect(refusals(ANSWER_SCHEMAS.shortAnswer, ["Paris"])._.code).toBe("STUDENT_ANSWER_SHAPE");
    expect(refusals(ANSWER_SCHEMAS.shortAnswer, { text: "Paris", credit: 100 })._.code).toBe("STUDENT_ANSWER_SHAPE");
    expect(refusals(ANSWER_SCHEMAS.numerical, { value: 9.81 }).value.code).toBe("STUDENT_ANSWER_SHAPE");
    expect(refusals(ANSWER_SCHEMAS.shortAnswer, { text: "x".repeat(1001) }).text).toMatchObject({ code: "STUDENT_ANSWER_TOO_LONG", params: { max: 1000 } });
    expect(refusals(ANSWER_SCHEMAS.matching, { pairs: [{ stemId: "a", choiceId: "b" }, { stemId: "a", choiceId: "c" }] }).pairs.code).toBe("STUDENT_ANSWER_PART_REPEATED");
    expect(refusals(ANSWER_SCHEMAS.ordering, { order: ["x", "x"] }).order.code).toBe("STUDENT_ANSWER_PART_REPEATED");
    const tooMany = Array.from({ length: 10_000 }, (_, i) => ({ stemId: `s${i}`, choiceId: `c${i}` }));
    expect(refusals(ANSWER_SCHEMAS.matching, { pairs: tooMany }).pairs).toMatchObject({ code: "STUDENT_ANSWER_TOO_MANY_PARTS", params: { max: 30 } });
    expect(refusals(ANSWER_SCHEMAS.cloze, { gaps: Array(51).fill("a") }).gaps.code).toBe("STUDENT_ANSWER_TOO_MANY_PARTS");
    expect(refusals(ANSWER_SCHEMAS.essay, { html: "x".repeat(25_001) }).html).toMatchObject({ code: "STUDENT_ANSWER_TOO_LONG", message: "An answer must be at most 20,000 characters" });
  });
});
