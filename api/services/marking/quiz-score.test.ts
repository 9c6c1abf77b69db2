import { describe, expect, it } from "vitest";
import { type Marking, markingOf } from "./mark-answer";
import { quizScore, type ScoredQuestion } from "./quiz-score";

const right = markingOf(1);
const wrong = markingOf(0);
const unanswered: Marking = { fraction: 0, status: "no", answered: false };
const pending: Marking = { fraction: null, status: "pending", answered: true };
const negativeEvery = (n: number) => ({ negativeMarking: true, consecutiveWrongAnswersForNegativeMarking: n });
const NO_NEGATIVE = { negativeMarking: false, consecutiveWrongAnswersForNegativeMarking: 0 };

/** R right, W wrong, U unanswered, P pending, each worth 1. */
const pattern = (text: string): ScoredQuestion[] =>
  [...text].map((letter) => ({ mark: 1, marking: letter === "R" ? right : letter === "W" ? wrong : letter === "P" ? pending : unanswered }));

describe("quiz score: docs/scoring.md's worked examples, every mark 1", () => {
  const table: [string, { negativeMarking: boolean; consecutiveWrongAnswersForNegativeMarking: number }, number, number, number, number][] = [
    ["RRWU", NO_NEGATIVE, 2, 0, 2, 50],
    ["RRWW", negativeEvery(2), 2, 1, 1, 25],
    ["WWWR", negativeEvery(2), 1, 1, 0, 0],
    ["WWRWW", negativeEvery(2), 1, 2, 0, 0],
    ["WUWRR", negativeEvery(2), 2, 0, 2, 40],
    ["RWWWWWWRR", negativeEvery(3), 3, 2, 1, 11.11],
    ["RWRWR", negativeEvery(1), 3, 2, 1, 20],
    ["RWWWW", negativeEvery(1), 1, 4, 0, 0],
    ["RWWWW", negativeEvery(0), 1, 0, 1, 20],
    ["RUU", NO_NEGATIVE, 1, 0, 1, 33.33],
    ["RRU", NO_NEGATIVE, 2, 0, 2, 66.67],
    [`R${"U".repeat(31)}`, NO_NEGATIVE, 1, 0, 1, 3.13],
  ];
  it.each(table)("%s", (answers, rule, correct, negativePoints, score, percentage) => {
    expect(quizScore(pattern(answers), rule)).toMatchObject({ correctAnswered: correct, negativePoints, score, percentage });
  });

  it("gives 0 % for a quiz without questions", () => {
    expect(quizScore([], NO_NEGATIVE)).toMatchObject({ totalMarks: 0, score: 0, percentage: 0 });
  });
});

describe("quiz score: marks and fractions", () => {
  it("sums mark × fraction and takes the percentage over the total marks", () => {
    const score = quizScore(
      [
        { mark: 2, marking: markingOf(1) },
        { mark: 3, marking: markingOf(0.5) },
        { mark: 0.5, marking: markingOf(0) },
        { mark: 4.5, marking: unanswered },
      ],
      NO_NEGATIVE,
    );
    expect(score).toMatchObject({ totalMarks: 10, score: 3.5, percentage: 35, correctAnswered: 1, partiallyCorrect: 1, wrongAnswered: 1, unanswered: 1 });
    expect(score.questions.map((q) => q.earned)).toEqual([2, 1.5, 0, 0]);
  });

  it("rounds half up to two decimals without binary error: 1/3 of 1 mark over 2 marks is 16.67 %", () => {
    expect(quizScore([{ mark: 1, marking: markingOf(1 / 3) }, { mark: 1, marking: wrong }], NO_NEGATIVE).percentage).toBe(16.67);
    expect(quizScore([{ mark: 0.5, marking: markingOf(0.25) }, { mark: 7.5, marking: wrong }], NO_NEGATIVE).percentage).toBe(1.56);
  });

  it("counts a wrong answer as one that earned nothing: a partly right answer ends the run", () => {
    const half = markingOf(0.5);
    const score = quizScore(
      [
        { mark: 1, marking: wrong },
        { mark: 1, marking: half },
        { mark: 1, marking: wrong },
        { mark: 1, marking: right },
      ],
      negativeEvery(2),
    );
    expect(score).toMatchObject({ negativePoints: 0, score: 1.5, wrongAnswered: 2, partiallyCorrect: 1 });
  });

  it("takes off the mark of the wrong answer that completed the run, never below 0", () => {
    const score = quizScore(
      [
        { mark: 5, marking: right },
        { mark: 1, marking: wrong },
        { mark: 2, marking: wrong },
      ],
      negativeEvery(2),
    );
    expect(score).toMatchObject({ negativePoints: 1, negativeMarks: 2, score: 3, totalMarks: 8, percentage: 37.5 });
    expect(score.questions.map((q) => q.costsNegativePoint)).toEqual([false, false, true]);
    expect(quizScore([{ mark: 1, marking: wrong }, { mark: 3, marking: wrong }], negativeEvery(2)).score).toBe(0);
  });

  it("counts what awaits a grader apart, as nothing earned yet, and lets it end a run", () => {
    const score = quizScore(pattern("WPWR"), negativeEvery(2));
    expect(score).toMatchObject({ pending: 1, negativePoints: 0, score: 1, percentage: 25 });
    expect(score.questions[1].earned).toBeNull();
  });
});
