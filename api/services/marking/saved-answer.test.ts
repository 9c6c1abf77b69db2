import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MARKING_LIMITS as L } from "./limits";
import { type ReadType, readSavedAnswer } from "./saved-answer";
import { ANSWER_SCHEMAS } from "./schemas";

/** What marking reads of a saved answer, beside what the schema reads of it. */
function agreesWithSchema(type: ReadType, saved: unknown) {
  const schema = ANSWER_SCHEMAS[type].safeParse(saved);
  const read = readSavedAnswer(type, saved);
  expect(read === undefined, `${type} ${JSON.stringify(saved)?.slice(0, 120)}`).toBe(!schema.success);
  if (schema.success) expect(read).toEqual(schema.data);
}

const text = (n: number) => "x".repeat(n);
const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

/** Every shape a saved answer of each type has, and what each rule of its schema refuses. */
const CASES: Record<ReadType, { usual: unknown[]; odd: unknown[] }> = {
  shortAnswer: {
    usual: [{ text: "Zanzibar" }, { text: "" }, { text: text(L.typedText) }],
    odd: [{ text: text(L.typedText + 1) }, { text: 5 }, {}, { text: "a", extra: 1 }, ["a"], "a", 5, true],
  },
  numerical: {
    usual: [{ value: "42" }, { value: "42195", unit: "m" }, { value: "", unit: "" }, { value: text(L.typedNumber) }],
    odd: [{ value: 42 }, { value: "1", unit: 5 }, { value: "1", unit: null }, { value: text(L.typedNumber + 1) }, { value: "1", unit: text(L.typedNumber + 1) }, { unit: "m" }, { value: "1", extra: "" }],
  },
  matching: {
    usual: [{ pairs: [] }, { pairs: [{ stemId: "a", choiceId: "b" }, { stemId: "c", choiceId: "b" }] }, { pairs: ids(L.maxPairs).map((id) => ({ stemId: id, choiceId: text(L.idText) })) }],
    odd: [
      { pairs: "x" },
      { pairs: [{ stemId: "a", choiceId: "b" }, { stemId: "a", choiceId: "c" }] },
      { pairs: [{ stemId: "", choiceId: "b" }] },
      { pairs: [{ stemId: "a", choiceId: text(L.idText + 1) }] },
      { pairs: [{ stemId: "a", choiceId: "b", extra: 1 }] },
      { pairs: [{ stemId: "a" }] },
      { pairs: [null] },
      { pairs: ids(L.maxPairs + 1).map((id) => ({ stemId: id, choiceId: "b" })) },
      { pairs: [], order: [] },
    ],
  },
  ordering: {
    usual: [{ order: [] }, { order: ["b", "a"] }, { order: ids(L.maxItems) }],
    odd: [{ order: ["a", "a"] }, { order: [1, 2] }, { order: [""] }, { order: ids(L.maxItems + 1) }, { order: "ab" }, {}],
  },
  cloze: {
    usual: [{ gaps: [] }, { gaps: ["lutetia", "", "1234,5"] }, { gaps: Array.from({ length: L.maxGaps }, () => text(L.typedText)) }],
    // eslint-disable-next-line no-sparse-arrays
    odd: [{ gaps: [null] }, { gaps: [5] }, { gaps: [text(L.typedText + 1)] }, { gaps: Array.from({ length: L.maxGaps + 1 }, () => "") }, { gaps: ["a", , "b"] }, { gaps: "a" }],
  },
};

const TYPES = Object.keys(CASES) as ReadType[];

describe("readSavedAnswer: a saved answer read by hand, exactly as its type's schema reads it", () => {
  it("takes each type's usual answers by hand, as they were saved (the schema would have built another object)", () => {
    for (const type of TYPES) {
      for (const saved of CASES[type].usual) {
        agreesWithSchema(type, saved);
        expect(readSavedAnswer(type, saved), `${type} ${JSON.stringify(saved).slice(0, 80)}`).toBe(saved);
      }
    }
  });

  it("refuses what the schema refuses, without throwing: every rule's edge, another type's answer, and no answer at all", () => {
    const others = TYPES.flatMap((type) => CASES[type].usual);
    for (const type of TYPES) for (const saved of [...CASES[type].odd, ...others, null, undefined, [], "", 0, Number.NaN]) agreesWithSchema(type, saved);
  });

  it("agrees with the schema on any JSON value and on answers of each type's shape with random parts", () => {
    const part = fc.oneof(fc.string({ maxLength: 70 }), fc.constant(""), fc.integer(), fc.constant(null));
    const shaped = fc.oneof(
      fc.record({ text: part }),
      fc.record({ value: part, unit: part }, { requiredKeys: ["value"] }),
      fc.record({ pairs: fc.array(fc.record({ stemId: part, choiceId: part }), { maxLength: 32 }) }),
      fc.record({ order: fc.array(part, { maxLength: 22 }) }),
      fc.record({ gaps: fc.array(part, { maxLength: 52 }) }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), fc.oneof(fc.jsonValue(), shaped), (type, saved) => {
        agreesWithSchema(type, saved);
      }),
      { numRuns: 2000 },
    );
  });
});
