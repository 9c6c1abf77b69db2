import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gradeAttempt, percentageOf, type NegativeMarkingRule, type QuestionKey, type SavedAnswer } from "./scoring";

/**
 * Property-style tests on random attempts (issue 8 item 5): random quizzes of 0–40 radio and
 * checkbox questions, random answers (right, wrong, partial, empty, missing), junk option
 * ids, answers to questions outside the quiz, one answer split over two entries, and random
 * negative-marking settings. fast-check prints the smallest failing attempt it finds.
 */

interface RandomAttempt {
  questions: QuestionKey[];
  /** Every option id of each question, by question id (options of question n are 10n+1 …). */
  optionsOf: Map<number, number[]>;
  answers: SavedAnswer[];
  rule: NegativeMarkingRule;
}

/** Ids that are no option of any generated question (those lie between 11 and 405). */
const junkId = fc.oneof(fc.integer({ min: 100_000, max: 200_000 }), fc.integer({ min: -100, max: 0 }));

const questionArb = fc.record({
  optionCount: fc.integer({ min: 2, max: 5 }),
  checkbox: fc.boolean(),
  correctMask: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  radioCorrect: fc.nat({ max: 4 }),
  answer: fc.constantFrom("none", "right", "random", "empty"),
  pickMask: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  // Most answers are clean, as the save API keeps them; some carry junk, to see it never helps.
  pollution: fc.constantFrom("none", "none", "none", "none", "none", "junk", "optionOfAnotherQuestion"),
  junk: junkId,
  anotherQuestion: fc.nat({ max: 39 }),
  splitInTwo: fc.boolean(),
});

const attemptArb: fc.Arbitrary<RandomAttempt> = fc
  .record({
    specs: fc.array(questionArb, { maxLength: 40 }),
    strangers: fc.array(fc.record({ questionId: fc.integer({ min: 1000, max: 2000 }), answer: fc.array(fc.integer(), { maxLength: 3 }) }), { maxLength: 3 }),
    negativeMarking: fc.boolean(),
    n: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(1)),
  })
  .map(({ specs, strangers, negativeMarking, n }) => {
    const questions: QuestionKey[] = [];
    const optionsOf = new Map<number, number[]>();
    const answers: SavedAnswer[] = [...strangers];
    specs.forEach((spec, index) => {
      const id = index + 1;
      const options = Array.from({ length: spec.optionCount }, (_, k) => 10 * id + k + 1);
      let correct = spec.checkbox ? options.filter((_, k) => spec.correctMask[k]) : [options[spec.radioCorrect % spec.optionCount]];
      if (correct.length === 0) correct = [options[0]];
      questions.push({ id, optionType: spec.checkbox ? "checkbox" : "radio", correctOptionIds: correct });
      optionsOf.set(id, options);

      if (spec.answer === "none") return;
      const answer = spec.answer === "right" ? [...correct] : spec.answer === "empty" ? [] : options.filter((_, k) => spec.pickMask[k]);
      if (spec.pollution === "junk") answer.push(spec.junk);
      if (spec.pollution === "optionOfAnotherQuestion") {
        const other = ((id + spec.anotherQuestion) % specs.length) + 1;
        if (other !== id) answer.push(10 * other + 1);
      }
      if (spec.splitInTwo && answer.length > 1) {
        const half = Math.floor(answer.length / 2);
        answers.push({ questionId: id, answer: answer.slice(0, half) }, { questionId: id, answer: answer.slice(half) });
      } else {
        answers.push({ questionId: id, answer });
      }
    });
    return { questions, optionsOf, answers, rule: { negativeMarking, consecutiveWrongAnswersForNegativeMarking: n } };
  });

const grade = (a: Pick<RandomAttempt, "questions" | "answers" | "rule">) => gradeAttempt(a.questions, a.answers, a.rule);
const runLengthOf = (rule: NegativeMarkingRule) => (rule.negativeMarking ? rule.consecutiveWrongAnswersForNegativeMarking : 0);

/** What the student chose for a question, read straight from the raw answers. */
function rawSelection(answers: readonly SavedAnswer[], questionId: number): Set<number> {
  return new Set(answers.filter((a) => a.questionId === questionId).flatMap((a) => a.answer));
}
const setEqual = (a: Set<number>, b: Set<number>) => a.size === b.size && [...a].every((x) => b.has(x));

describe("gradeAttempt on random attempts", () => {
  it("keeps the percentage in [0, 100] and the counts consistent with the formula", () => {
    fc.assert(
      fc.property(attemptArb, (attempt) => {
        const g = grade(attempt);
        expect(g.percentage).toBeGreaterThanOrEqual(0);
        expect(g.percentage).toBeLessThanOrEqual(100);
        expect(g.correctAnswered + g.wrongAnswered + g.unanswered).toBe(attempt.questions.length);
        expect(g.score).toBe(Math.max(0, g.correctAnswered - g.negativePoints));
        expect(g.percentage).toBe(percentageOf(g.score, g.totalQuestions));
        if (g.totalQuestions > 0) expect(Math.abs(g.percentage - (g.score / g.totalQuestions) * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
    );
  });

  it("costs at most one point per N wrong answers, none without negative marking, and exactly ⌊run/N⌋ per run of wrong answers", () => {
    fc.assert(
      fc.property(attemptArb, (attempt) => {
        const g = grade(attempt);
        const n = runLengthOf(attempt.rule);
        if (n < 1) {
          expect(g.negativePoints).toBe(0);
          return;
        }
        expect(g.negativePoints).toBeLessThanOrEqual(Math.floor(g.wrongAnswered / n));
        // The same rule said another way: split the quiz into maximal runs of wrong answers.
        const runs = g.questions.map((q) => (q.isCorrect === false ? "W" : "-")).join("").split("-");
        expect(g.negativePoints).toBe(runs.reduce((sum, run) => sum + Math.floor(run.length / n), 0));
      }),
    );
  });

  it("gives the same result whatever order the answers and their option ids come in", () => {
    const shuffled = attemptArb.chain((attempt) =>
      fc.record({
        attempt: fc.constant(attempt),
        order: fc.shuffledSubarray(attempt.answers, { minLength: attempt.answers.length, maxLength: attempt.answers.length }),
      }),
    );
    fc.assert(
      fc.property(shuffled, ({ attempt, order }) => {
        const reordered = order.map((a) => ({ questionId: a.questionId, answer: [...a.answer].reverse() }));
        expect(grade({ ...attempt, answers: reordered })).toEqual(grade(attempt));
      }),
    );
  });

  it("never lowers the score when one more question is answered right", () => {
    const withPick = attemptArb.filter((a) => a.questions.length > 0).chain((a) => fc.record({ attempt: fc.constant(a), pick: fc.nat({ max: a.questions.length - 1 }) }));
    fc.assert(
      fc.property(withPick, ({ attempt, pick }) => {
        const question = attempt.questions[pick];
        const answers = [...attempt.answers.filter((a) => a.questionId !== question.id), { questionId: question.id, answer: [...question.correctOptionIds] }];
        const before = grade(attempt);
        const after = grade({ ...attempt, answers });
        expect(after.percentage).toBeGreaterThanOrEqual(before.percentage);
        expect(after.correctAnswered).toBeGreaterThanOrEqual(before.correctAnswered);
        expect(after.negativePoints).toBeLessThanOrEqual(before.negativePoints);
      }),
    );
  });

  it("is right exactly when the chosen set equals the correct set, for radio and checkbox alike", () => {
    fc.assert(
      fc.property(attemptArb, (attempt) => {
        for (const q of grade(attempt).questions) {
          const chosen = rawSelection(attempt.answers, q.questionId);
          const key = attempt.questions.find((k) => k.id === q.questionId)!;
          const expected = chosen.size === 0 ? null : setEqual(chosen, new Set(key.correctOptionIds));
          expect(q.isCorrect).toBe(expected);
          expect(q.answerStatus).toBe(expected === null ? "empty" : expected ? "yes" : "no");
          expect(new Set(q.selectedOptionIds)).toEqual(chosen);
        }
      }),
    );
  });

  it("never counts a junk option id as correct: adding one to any answer makes it wrong", () => {
    const withJunk = attemptArb
      .filter((a) => a.questions.length > 0)
      .chain((a) => fc.record({ attempt: fc.constant(a), pick: fc.nat({ max: a.questions.length - 1 }), junk: junkId }));
    fc.assert(
      fc.property(withJunk, ({ attempt, pick, junk }) => {
        const question = attempt.questions[pick];
        const answers = [...attempt.answers, { questionId: question.id, answer: [junk] }];
        const graded = grade({ ...attempt, answers }).questions[pick];
        expect(graded.isCorrect).toBe(false);
        // Junk alone is not an answer that can be right either.
        const junkOnly = attempt.questions.map((q) => ({ questionId: q.id, answer: [junk] }));
        expect(grade({ ...attempt, answers: junkOnly }).correctAnswered).toBe(0);
      }),
    );
  });

  it("ignores answers to questions that are not in the quiz", () => {
    fc.assert(
      fc.property(attemptArb, (attempt) => {
        const inQuiz = attempt.answers.filter((a) => attempt.optionsOf.has(a.questionId));
        expect(grade(attempt)).toEqual(grade({ ...attempt, answers: inQuiz }));
      }),
    );
  });
});
