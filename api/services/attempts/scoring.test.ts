import { describe, expect, it } from "vitest";
import { gradeAttempt, percentageOf, type QuestionKey, type SavedAnswer } from "./scoring";

/** Radio question n: options 10n+1 … 10n+4, the first one correct. */
const radio = (n: number): QuestionKey => ({ id: n, optionType: "radio", correctOptionIds: [10 * n + 1] });
/** Checkbox question n: options 10n+1 … 10n+4, the first two correct. */
const checkbox = (n: number): QuestionKey => ({ id: n, optionType: "checkbox", correctOptionIds: [10 * n + 1, 10 * n + 2] });
const right = (q: QuestionKey): SavedAnswer => ({ questionId: q.id, answer: [...q.correctOptionIds] });
const wrong = (q: QuestionKey): SavedAnswer => ({ questionId: q.id, answer: [10 * q.id + 4] });

const NO_NEGATIVE = { negativeMarking: false, consecutiveWrongAnswersForNegativeMarking: 0 };
const negativeEvery = (n: number) => ({ negativeMarking: true, consecutiveWrongAnswersForNegativeMarking: n });

/** Grades a quiz of radio questions from a pattern: R right, W wrong, U unanswered. */
function gradePattern(pattern: string, rule = negativeEvery(2)) {
  const questions = [...pattern].map((_, i) => radio(i + 1));
  const answers = [...pattern].flatMap((mark, i) => (mark === "R" ? [right(questions[i])] : mark === "W" ? [wrong(questions[i])] : []));
  return gradeAttempt(questions, answers, rule);
}

describe("gradeAttempt: one point a question", () => {
  it("counts right, wrong and unanswered questions and scores right / total", () => {
    const questions = [radio(1), radio(2), radio(3), radio(4)];
    const grade = gradeAttempt(questions, [right(questions[0]), right(questions[1]), wrong(questions[2])], NO_NEGATIVE);
    expect(grade).toMatchObject({ totalQuestions: 4, correctAnswered: 2, wrongAnswered: 1, unanswered: 1, negativePoints: 0, score: 2, percentage: 50 });
    expect(grade.questions.map((q) => [q.questionId, q.isCorrect, q.answerStatus])).toEqual([
      [1, true, "yes"],
      [2, true, "yes"],
      [3, false, "no"],
      [4, null, "empty"],
    ]);
  });

  it("reports the chosen options once each, ascending, for the result page", () => {
    const grade = gradeAttempt([checkbox(1)], [{ questionId: 1, answer: [12, 11, 12] }], NO_NEGATIVE);
    expect(grade.questions[0]).toMatchObject({ selectedOptionIds: [11, 12], isCorrect: true, optionType: "checkbox" });
  });

  it("treats an empty answer as unanswered", () => {
    const grade = gradeAttempt([radio(1)], [{ questionId: 1, answer: [] }], NO_NEGATIVE);
    expect(grade.questions[0]).toMatchObject({ isCorrect: null, answerStatus: "empty", selectedOptionIds: [] });
    expect(grade.unanswered).toBe(1);
  });

  it("gives 0 % for a quiz without questions", () => {
    expect(gradeAttempt([], [{ questionId: 1, answer: [11] }], NO_NEGATIVE)).toMatchObject({ totalQuestions: 0, percentage: 0, score: 0 });
  });
});

describe("gradeAttempt: checkbox questions are right only for exactly the correct set", () => {
  const q = checkbox(1);
  it.each([
    ["the correct set", [11, 12], true],
    ["the correct set in another order, with a repeat", [12, 11, 11], true],
    ["part of it", [11], false],
    ["more than it", [11, 12, 13], false],
    ["another set of the same size", [11, 13], false],
    ["every option", [11, 12, 13, 14], false],
  ])("%s", (_name, answer, expected) => {
    expect(gradeAttempt([q], [{ questionId: 1, answer }], NO_NEGATIVE).questions[0].isCorrect).toBe(expected);
  });

  it("and a radio question with two options chosen is wrong", () => {
    expect(gradeAttempt([radio(1)], [{ questionId: 1, answer: [11, 12] }], NO_NEGATIVE).questions[0].isCorrect).toBe(false);
  });
});

describe("gradeAttempt: odd input", () => {
  it("ignores answers to questions that are not in the quiz", () => {
    const grade = gradeAttempt([radio(1)], [right(radio(2)), right(radio(1)), { questionId: 99, answer: [991] }], NO_NEGATIVE);
    expect(grade).toMatchObject({ totalQuestions: 1, correctAnswered: 1, percentage: 100 });
    expect(grade.questions.map((q) => q.questionId)).toEqual([1]);
  });

  it("makes an answer naming an option of another question, or no option at all, wrong", () => {
    const questions = [radio(1), radio(2)];
    expect(gradeAttempt(questions, [{ questionId: 1, answer: [21] }], NO_NEGATIVE).questions[0].isCorrect).toBe(false);
    expect(gradeAttempt(questions, [{ questionId: 1, answer: [11, 21] }], NO_NEGATIVE).questions[0].isCorrect).toBe(false);
    expect(gradeAttempt(questions, [{ questionId: 1, answer: [-5] }], NO_NEGATIVE).questions[0].isCorrect).toBe(false);
  });

  it("merges two entries for one question, so their order does not matter", () => {
    const q = checkbox(1);
    const split = [
      { questionId: 1, answer: [11] },
      { questionId: 1, answer: [12] },
    ];
    expect(gradeAttempt([q], split, NO_NEGATIVE).questions[0].isCorrect).toBe(true);
    expect(gradeAttempt([q], [...split].reverse(), NO_NEGATIVE).questions[0].isCorrect).toBe(true);
  });

  it("does not change its input", () => {
    const questions = [checkbox(1)];
    const answers = [{ questionId: 1, answer: [12, 11] }];
    const before = JSON.stringify({ questions, answers });
    gradeAttempt(questions, answers, negativeEvery(1));
    expect(JSON.stringify({ questions, answers })).toBe(before);
  });
});

describe("gradeAttempt: negative marking (every N wrong answers in a row cost one point)", () => {
  it.each([
    // pattern, N, negative points: R right, W wrong, U unanswered, in quiz order
    ["WW", 2, 1],
    ["W", 2, 0],
    ["WWW", 2, 1], // the count starts again after a point: the third is one of a new run
    ["WWWW", 2, 2],
    ["WWRWW", 2, 2], // a right answer ends the run …
    ["WRWRW", 2, 0],
    ["WUW", 2, 0], // … and so does an unanswered question
    ["WWUWW", 2, 2],
    ["WWWWWW", 3, 2],
    ["WWWWW", 3, 1],
    ["RWRW", 1, 2], // N = 1: every wrong answer costs a point
  ])("%s with N = %i costs %i", (pattern, n, expected) => {
    const grade = gradePattern(pattern, negativeEvery(n));
    expect(grade.negativePoints).toBe(expected);
    expect(grade.questions.filter((q) => q.costsNegativePoint)).toHaveLength(expected);
  });

  it("marks the wrong answer that completed each run", () => {
    expect(gradePattern("WWWWRW", negativeEvery(2)).questions.map((q) => q.costsNegativePoint)).toEqual([false, true, false, true, false, false]);
  });

  it("costs nothing when negative marking is No, whatever N says", () => {
    expect(gradePattern("WWWW", { negativeMarking: false, consecutiveWrongAnswersForNegativeMarking: 1 }).negativePoints).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN])("costs nothing when N is %s", (n) => {
    expect(gradePattern("WWWW", negativeEvery(n)).negativePoints).toBe(0);
  });

  it("counts runs in the quiz's question order, not the order the answers were saved", () => {
    const [a, b, c] = [radio(1), radio(2), radio(3)];
    const answers = [wrong(a), wrong(c), right(b)];
    expect(gradeAttempt([a, b, c], answers, negativeEvery(2)).negativePoints).toBe(0); // W R W
    expect(gradeAttempt([a, c, b], answers, negativeEvery(2)).negativePoints).toBe(1); // W W R
  });

  it("subtracts the points from the right answers, never below zero", () => {
    expect(gradePattern("RRWW", negativeEvery(2))).toMatchObject({ correctAnswered: 2, negativePoints: 1, score: 1, percentage: 25 });
    expect(gradePattern("RWWWW", negativeEvery(1))).toMatchObject({ correctAnswered: 1, negativePoints: 4, score: 0, percentage: 0 });
  });
});

describe("percentageOf: score / total × 100, half up to two decimals", () => {
  it.each([
    [1, 3, 33.33],
    [2, 3, 66.67],
    [1, 8, 12.5],
    [1, 32, 3.13], // 3.125: a half, rounded up
    [1, 6, 16.67],
    [5, 7, 71.43],
    [0, 5, 0],
    [5, 5, 100],
    [3, 0, 0],
  ])("%i of %i → %s", (score, total, expected) => {
    expect(percentageOf(score, total)).toBe(expected);
  });
});

describe("the worked examples of docs/scoring.md", () => {
  it.each([
    ["RRWU", 0, 2, 0, 50],
    ["RRWW", 2, 2, 1, 25],
    ["WWWR", 2, 1, 1, 0],
    ["WWRWW", 2, 1, 2, 0],
    ["WUWRR", 2, 2, 0, 40],
    ["RWWWWWWRR", 3, 3, 2, 11.11],
    ["RWRWR", 1, 3, 2, 20],
    ["RWWWW", 1, 1, 4, 0],
    ["RUU", 0, 1, 0, 33.33],
    ["RRU", 0, 2, 0, 66.67],
    [`R${"U".repeat(31)}`, 0, 1, 0, 3.13],
  ])("%s with N = %i", (pattern, n, correctAnswered, negativePoints, percentage) => {
    expect(gradePattern(pattern, negativeEvery(n))).toMatchObject({ correctAnswered, negativePoints, percentage });
  });
});
