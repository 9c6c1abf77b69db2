import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradeAttempt, type QuestionKey, type SavedAnswer } from "../attempts/scoring";
import { markChoice } from "./choice";
import { type ClozeKey, markCloze } from "./cloze";
import { markAnswer, type Marking, type MarkingQuestion, markingOf } from "./mark-answer";
import { markMatching, type MatchingKey, matchingChoices } from "./matching";
import { markNumerical, markNumber, type NumericalKey } from "./numerical";
import { markOrdering, type OrderingKey } from "./ordering";
import { quizScore } from "./quiz-score";
import { markShortAnswer, type ShortAnswerKey } from "./short-answer";
import { matchesAnswer } from "./wildcard";

/**
 * Properties of every grader on random keys and answers (issue 26 point 3), with fast-check:
 * fractions stay in [0, 1], the key itself earns 1, order does not matter where it should not,
 * no pattern or typed text makes a grader throw, numbers within tolerance always match, and
 * the quiz score agrees with today's gradeAttempt wherever today's rules apply.
 */

const inUnitInterval = (marking: Marking) =>
  marking.status === "pending" ? marking.fraction === null : marking.fraction! >= 0 && marking.fraction! <= 1 && (marking.status === "yes") === (marking.fraction === 1);

/** Texts with the characters that matter to matching: wildcards, escapes, spaces, letter case, accents. */
const trickyText = fc.string({ unit: fc.constantFrom("a", "B", "*", "\\", " ", "\t", "é", "e\u0301", "ß", "."), maxLength: 12 });
const credit = fc.constantFrom(0, 10, 33.3, 50, 100);
/** A shuffle of ids by a random permutation key. */
const shuffled = <T>(items: readonly T[], keys: readonly number[]) => items.map((item, i) => [keys[i % keys.length] ?? 0, i, item] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , item]) => item);

const shortAnswerKey: fc.Arbitrary<ShortAnswerKey> = fc.record({
  answers: fc.array(fc.record({ text: trickyText.filter((text) => text.trim() !== ""), credit }), { minLength: 1, maxLength: 5 }),
  caseSensitive: fc.boolean(),
});

describe("short answer", () => {
  it("never throws and keeps the fraction in [0, 1], whatever the pattern and the typed text", () => {
    fc.assert(
      fc.property(shortAnswerKey, trickyText, (key, text) => {
        expect(inUnitInterval(markAnswer({ optionType: "shortAnswer", answerKey: key }, { text }))).toBe(true);
      }),
    );
  });

  it("matches exactly what an anchored regular expression of the same pattern matches", () => {
    const reference = (typed: string, pattern: string, caseSensitive: boolean) => {
      const norm = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ");
      const source = norm(pattern)
        .split(/(\\\*|\*+)/)
        .map((bit) => (bit === "\\*" ? "\\*" : /^\*+$/.test(bit) ? ".*" : bit.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("");
      return new RegExp(`^${source}$`, caseSensitive ? "su" : "siu").test(norm(typed));
    };
    fc.assert(
      fc.property(trickyText, trickyText, fc.boolean(), (typed, pattern, caseSensitive) => {
        // Lower-casing ß and the like differs between a regular expression's /i and toLowerCase: compare ASCII case only there.
        fc.pre(caseSensitive || !/[ßé]|e\u0301/.test(typed + pattern));
        expect(matchesAnswer(typed, pattern, caseSensitive)).toBe(reference(typed, pattern, caseSensitive));
      }),
    );
    // Few letters and many wildcards: patterns of several parts, where a wrong search order would show.
    const ab = (maxLength: number) => fc.string({ unit: fc.constantFrom("a", "b", "*"), maxLength });
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b"), maxLength: 10 }), ab(8), (typed, pattern) => {
        expect(matchesAnswer(typed, pattern, true)).toBe(reference(typed, pattern, true));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the first full-credit answer its 1 when typed with its wildcards filled, if it comes first", () => {
    fc.assert(
      // Filled with letters: a space typed into a wildcard at the end would be trimmed, as Moodle trims it ("a *" wants more than "a").
      fc.property(shortAnswerKey, fc.string({ unit: fc.constantFrom("x", "Y", "é"), minLength: 1, maxLength: 4 }), (key, filling) => {
        const full = { ...key, answers: [{ ...key.answers[0], credit: 100 }, ...key.answers.slice(1)] };
        const typed = full.answers[0].text.replace(/\\\*|\*+/g, (bit) => (bit === "\\*" ? "*" : filling));
        fc.pre(typed.trim() !== "");
        expect(markShortAnswer(full, { text: typed })).toBe(1);
      }),
    );
  });
});

const finite = fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true });
const toleranceArb = fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true });

describe("numerical", () => {
  it("matches every number within the tolerance, and none clearly outside it", () => {
    fc.assert(
      fc.property(finite, toleranceArb, fc.double({ min: -1, max: 1, noNaN: true }), (value, tolerance, within) => {
        const answers = [{ value, tolerance, credit: 100 }];
        expect(markNumber(value + within * tolerance, answers)).toBe(1);
        const outside = value + Math.sign(within || 1) * (tolerance * 1.001 + 1e-6 * Math.max(1, Math.abs(value)));
        expect(markNumber(outside, answers)).toBe(0);
      }),
    );
  });

  it("reads any number JavaScript writes, with . or , as the decimal mark, in any listed unit", () => {
    fc.assert(
      fc.property(finite, fc.constantFrom(1, 100, 0.001, 3.6), fc.boolean(), (value, multiplier, comma) => {
        const key: NumericalKey = { answers: [{ value, tolerance: 0, credit: 100 }], units: [{ unit: "u", multiplier: 1 }, { unit: "v", multiplier }], unitRequired: true, unitPenalty: 0.5 };
        const typed = String(value * multiplier);
        expect(markNumerical(key, { value: comma ? typed.replace(".", ",") : typed, unit: "v" })).toBe(1);
        expect(markNumerical(key, { value: String(value) })).toBe(0.5);
      }),
    );
  });

  it("never throws on any typed text and keeps the fraction in [0, 1]", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.option(fc.string({ maxLength: 10 }), { nil: undefined }), (value, unit) => {
        const key: NumericalKey = { answers: [{ value: 1, tolerance: 0.5, credit: 100 }], units: [{ unit: "m", multiplier: 1 }], unitRequired: true, unitPenalty: 0.3 };
        expect(inUnitInterval(markAnswer({ optionType: "numerical", answerKey: key }, unit === undefined ? { value } : { value, unit }))).toBe(true);
      }),
    );
  });
});

const matchingKey: fc.Arbitrary<MatchingKey> = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 8 })
  .chain((stems) => fc.record({ pairs: fc.constant(stems).chain((s) => fc.tuple(...s.map((stem) => fc.constantFrom("p", "q", "r", "s", "t").map((choice) => ({ stem, choice }))))), distractors: fc.constantFrom([], ["x"], ["x", "y"]) }));

describe("matching", () => {
  it("gives the key 1 under any ids and any order of pairs; any answer stays in [0, 1] in steps of one pair", () => {
    fc.assert(
      fc.property(matchingKey, fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), fc.array(fc.tuple(fc.nat(20), fc.nat(20)), { maxLength: 12 }), (key, order, junk) => {
        const choices = matchingChoices(key);
        const ids = { stemIds: key.pairs.map((_, i) => `stem-${i * 7 + 3}`), choiceIds: choices.map((_, j) => `choice-${j * 5 + 1}`) };
        const right = key.pairs.map((pair, i) => ({ stemId: ids.stemIds[i], choiceId: ids.choiceIds[choices.indexOf(pair.choice)] }));
        expect(markMatching(key, { pairs: shuffled(right, order) }, ids)).toBe(1);
        // Each stem once, as the answer schema keeps it: then the order of the pairs cannot matter.
        const any = [...new Map(junk.map(([s, c]) => [`stem-${s}`, { stemId: `stem-${s}`, choiceId: `choice-${c}` }])).values()];
        const fraction = markMatching(key, { pairs: any }, ids);
        expect(fraction).toBeGreaterThanOrEqual(0);
        expect(fraction).toBeLessThanOrEqual(1);
        expect(fraction * key.pairs.length).toBeCloseTo(Math.round(fraction * key.pairs.length), 9);
        expect(markMatching(key, { pairs: shuffled(any, order) }, ids)).toBe(fraction);
      }),
    );
  });
});

describe("ordering", () => {
  const orderingKey = (n: number, grading: OrderingKey["grading"]): OrderingKey => ({ items: Array.from({ length: n }, (_, i) => `item ${i}`), grading });
  it("gives the right order 1 and any other order less, in both modes; nothing outside [0, 1]", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.array(fc.nat(), { minLength: 12, maxLength: 12 }), fc.constantFrom("allOrNothing", "relativeToNext") as fc.Arbitrary<OrderingKey["grading"]>, (n, keys, grading) => {
        const key = orderingKey(n, grading);
        const ids = { itemIds: key.items.map((_, i) => `id-${(i * 13) % 97}-${i}`) };
        expect(markOrdering(key, { order: [...ids.itemIds] }, ids)).toBe(1);
        const order = shuffled(ids.itemIds, keys);
        const fraction = markOrdering(key, { order }, ids);
        expect(fraction >= 0 && fraction <= 1).toBe(true);
        expect(fraction === 1).toBe(order.every((id, k) => id === ids.itemIds[k]));
      }),
    );
  });
});

describe("cloze", () => {
  const gapArb: fc.Arbitrary<ClozeKey["gaps"][number]> = fc.oneof(
    fc.record({ kind: fc.constant("text" as const), answers: fc.constant([{ text: "ok*", credit: 100 }]).map((answers) => [...answers]), weight: fc.constantFrom(0.5, 1, 3) }),
    fc.record({ kind: fc.constant("number" as const), answers: finite.map((value) => [{ value, credit: 100 }]), tolerance: toleranceArb, weight: fc.constantFrom(1, 2) }),
    fc.record({ kind: fc.constant("choice" as const), choices: fc.constant(["a", "b", "c"]).map((choices) => [...choices]), answers: fc.constant([{ text: "b", credit: 100 }, { text: "c", credit: 50 }]).map((answers) => [...answers]), weight: fc.constantFrom(1, 10) }),
  );
  it("gives the right gaps 1 and any gaps a fraction in [0, 1]", () => {
    fc.assert(
      fc.property(fc.array(gapArb, { minLength: 1, maxLength: 6 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 8 }), (gaps, junk) => {
        const key: ClozeKey = { gaps };
        const right = gaps.map((gap) => (gap.kind === "text" ? "OK then" : gap.kind === "number" ? String(gap.answers[0].value) : "1"));
        expect(markCloze(key, { gaps: right })).toBeCloseTo(1, 12);
        expect(inUnitInterval(markAnswer({ optionType: "cloze", answerKey: key }, { gaps: junk }))).toBe(true);
      }),
    );
  });
});

describe("choice questions", () => {
  it("are right for the correct set in any order and with repeats, and for nothing else", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 5 }), fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 6 }), fc.array(fc.nat(), { minLength: 1 }), (correct, chosen, keys) => {
        expect(markChoice({ correctOptionIds: correct }, shuffled([...correct, ...correct.slice(0, 1)], keys))).toBe(1);
        expect(markChoice({ correctOptionIds: correct }, chosen)).toBe(new Set(chosen).size === correct.length && correct.every((id) => chosen.includes(id)) ? 1 : 0);
      }),
    );
  });
});

describe("the quiz score", () => {
  /** A random attempt of radio and checkbox questions as today's grading takes it. */
  const attemptArb = fc.record({
    questions: fc.array(fc.record({ correct: fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }), answer: fc.option(fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }), { nil: undefined }), checkbox: fc.boolean() }), { maxLength: 30 }),
    negativeMarking: fc.boolean(),
    n: fc.integer({ min: 0, max: 4 }),
  });

  /**
   * Today's rule as docs/scoring.md states it, written out here as the oracle: right only for
   * exactly the correct set, a run of N wrong answers costs one point (a right or unanswered
   * question ends the run), score max(0, C − points), percentage half up in whole numbers.
   * (attempts/scoring.ts's gradeAttempt now calls the engine, so it cannot be the oracle.)
   */
  function todaysGrade(questions: { correct: number[]; answer?: number[] }[], rule: { negativeMarking: boolean; consecutiveWrongAnswersForNegativeMarking: number }) {
    const n = rule.negativeMarking && rule.consecutiveWrongAnswersForNegativeMarking >= 1 ? rule.consecutiveWrongAnswersForNegativeMarking : 0;
    const marks = questions.map(({ correct, answer }) => {
      const chosen = new Set(answer ?? []);
      return chosen.size === 0 ? "U" : chosen.size === new Set(correct).size && correct.every((id) => chosen.has(id)) ? "R" : "W";
    });
    const correctAnswered = marks.filter((m) => m === "R").length;
    const wrongAnswered = marks.filter((m) => m === "W").length;
    const negativePoints = n ? marks.join("").split(/[RU]/).reduce((sum, run) => sum + Math.floor(run.length / n), 0) : 0;
    const score = Math.max(0, correctAnswered - negativePoints);
    const total = questions.length;
    const percentage = total ? Math.floor((score * 20000 + total) / (2 * total)) / 100 : 0;
    return { correctAnswered, wrongAnswered, unanswered: total - correctAnswered - wrongAnswered, negativePoints, score, percentage };
  }

  it("equals today's grading on every radio and checkbox attempt (every mark 1), and gradeAttempt equals both", () => {
    fc.assert(
      fc.property(attemptArb, ({ questions, negativeMarking, n }) => {
        const rule = { negativeMarking, consecutiveWrongAnswersForNegativeMarking: n };
        const today = todaysGrade(questions, rule);
        const engine = quizScore(
          questions.map((q) => ({ mark: 1, marking: markAnswer({ optionType: q.checkbox ? "checkbox" : "radio", correctOptionIds: q.correct } as MarkingQuestion, q.answer) })),
          rule,
        );
        expect(engine).toMatchObject(today);
        const keys: QuestionKey[] = questions.map((q, i) => ({ id: i + 1, optionType: q.checkbox ? "checkbox" : "radio", correctOptionIds: q.correct.map((o) => 10 * (i + 1) + o) }));
        const saved: SavedAnswer[] = questions.flatMap((q, i) => (q.answer ? [{ questionId: i + 1, answer: q.answer.map((o) => 10 * (i + 1) + o) }] : []));
        expect(gradeAttempt(keys, saved, rule)).toMatchObject(today);
      }),
    );
  });

  const scoredArb = fc.array(fc.record({ mark: fc.integer({ min: 50, max: 10000 }).map((h) => h / 100), fraction: fc.constantFrom(0, 0.25, 1 / 3, 0.5, 1), answered: fc.boolean() }), { maxLength: 25 });
  const toScored = (list: { mark: number; fraction: number; answered: boolean }[]) =>
    list.map(({ mark, fraction, answered }) => ({ mark, marking: answered ? markingOf(fraction) : ({ fraction: 0, status: "no", answered: false } as Marking) }));

  it("stays within [0, total] and [0, 100] %, and raising one fraction never lowers it", () => {
    fc.assert(
      fc.property(scoredArb, fc.nat(), fc.boolean(), fc.integer({ min: 1, max: 3 }), (list, pick, negativeMarking, n) => {
        const rule = { negativeMarking, consecutiveWrongAnswersForNegativeMarking: n };
        const before = quizScore(toScored(list), rule);
        expect(before.score).toBeGreaterThanOrEqual(0);
        expect(before.score).toBeLessThanOrEqual(before.totalMarks + 1e-9);
        expect(before.percentage >= 0 && before.percentage <= 100).toBe(true);
        if (list.length === 0) return;
        const raised = list.map((q, i) => (i === pick % list.length ? { ...q, answered: true, fraction: 1 } : q));
        expect(quizScore(toScored(raised), rule).score).toBeGreaterThanOrEqual(before.score);
      }),
    );
  });

  it("does not depend on the questions' order without negative marking", () => {
    fc.assert(
      fc.property(scoredArb, fc.array(fc.nat(), { minLength: 1 }), (list, keys) => {
        const rule = { negativeMarking: false, consecutiveWrongAnswersForNegativeMarking: 0 };
        expect(quizScore(toScored(shuffled(list, keys)), rule)).toMatchObject({ score: quizScore(toScored(list), rule).score, percentage: quizScore(toScored(list), rule).percentage });
      }),
    );
  });
});
