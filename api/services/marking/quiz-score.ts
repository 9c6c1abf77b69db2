import type { Marking } from "./mark-answer";

/** The quiz's negative marking (the spec's `negativeMarking` and `consuctiveWrongAnswersForNegativeMarking`). */
export interface NegativeMarking {
  negativeMarking: boolean;
  consecutiveWrongAnswersForNegativeMarking: number | null;
}

/** One question of an attempt, in quiz order: its mark in the quiz (`defaultMark`) and its marking. */
export interface ScoredQuestion {
  mark: number;
  marking: Marking;
}

export interface QuizScore {
  /** Σ marks. */
  totalMarks: number;
  /** max(0, Σ mark × fraction − negativeMarks), kept to 7 decimals. */
  score: number;
  /** score / totalMarks × 100, rounded half up to two decimals; 0 for a quiz without marks. */
  percentage: number;
  /** Questions earning their full mark (decisions.md). */
  correctAnswered: number;
  partiallyCorrect: number;
  /** Answered and earned nothing: what negative marking counts. */
  wrongAnswered: number;
  unanswered: number;
  /** Awaiting a grader: the score and percentage are provisional while this is above 0. */
  pending: number;
  /** Runs of N wrong answers in a row, each costing one point. */
  negativePoints: number;
  /** The marks those points took off: each the mark of the wrong answer that completed its run. */
  negativeMarks: number;
  /** Per question, in quiz order: the marks earned (null while pending) and whether it completed a costly run. */
  questions: { earned: number | null; costsNegativePoint: boolean }[];
}

/** Marks are kept in hundredths (two decimals) and earned marks in 10⁻⁷ of a mark, so sums are exact. */
const UNITS_PER_HUNDREDTH = 100_000;
const UNITS_PER_MARK = 100 * UNITS_PER_HUNDREDTH;

/**
 * The quiz score (decisions.md "Question types, marking and exchange"; docs/scoring.md): the
 * sum of each question's mark times the fraction it earned, and `percentage` that over the
 * total. Negative marking keeps today's meaning with fractions: a wrong answer is one that was
 * answered and earned nothing; N of them in a row cost one point, and the count starts again;
 * a right or partly right answer, an unanswered question, or one awaiting a grader ends the run.
 * A point costs the mark of the question that completed the run (with every mark 1, as today,
 * one point is one mark). The score never goes below 0. With every mark 1 and every fraction 0
 * or 1, every number here equals today's `gradeAttempt`.
 */
export function quizScore(questions: readonly ScoredQuestion[], rule: NegativeMarking): QuizScore {
  const runLength = negativeRunLength(rule);
  // Whole numbers of 10⁻⁷ marks: exact as Numbers (a quiz's total stays far below 2⁵³ of them).
  let totalUnits = 0;
  let earnedUnits = 0;
  let negativeUnits = 0;
  let wrongInARow = 0;
  const counts = { correctAnswered: 0, partiallyCorrect: 0, wrongAnswered: 0, unanswered: 0, pending: 0, negativePoints: 0 };
  const perQuestion: QuizScore["questions"] = [];

  for (const { mark, marking } of questions) {
    const markHundredths = Number.isFinite(mark) && mark > 0 ? Math.round(mark * 100) : 0;
    totalUnits += markHundredths * UNITS_PER_HUNDREDTH;
    let costsNegativePoint = false;
    if (marking.status === "pending") {
      counts.pending++;
      wrongInARow = 0;
      perQuestion.push({ earned: null, costsNegativePoint });
      continue;
    }
    const units = Math.round(markHundredths * clampFraction(marking.fraction) * UNITS_PER_HUNDREDTH);
    earnedUnits += units;
    if (!marking.answered) {
      counts.unanswered++;
      wrongInARow = 0;
    } else if (marking.status === "no") {
      counts.wrongAnswered++;
      wrongInARow++;
      if (runLength > 0 && wrongInARow === runLength) {
        counts.negativePoints++;
        negativeUnits += markHundredths * UNITS_PER_HUNDREDTH;
        costsNegativePoint = true;
        wrongInARow = 0; // the count starts again
      }
    } else {
      if (marking.status === "yes") counts.correctAnswered++;
      else counts.partiallyCorrect++;
      wrongInARow = 0;
    }
    perQuestion.push({ earned: units / UNITS_PER_MARK, costsNegativePoint });
  }

  const scoreUnits = Math.max(0, earnedUnits - negativeUnits);
  return {
    totalMarks: totalUnits / UNITS_PER_MARK,
    score: scoreUnits / UNITS_PER_MARK,
    percentage: percentageOfUnits(scoreUnits, totalUnits),
    ...counts,
    negativeMarks: negativeUnits / UNITS_PER_MARK,
    questions: perQuestion,
  };
}

/**
 * score / total × 100, half up to two decimals, in whole numbers (no binary fraction tips a
 * half): today's rule. BigInt only here, where score × 20,000 may pass 2⁵³.
 */
function percentageOfUnits(score: number, total: number): number {
  if (total <= 0) return 0;
  const [s, t] = [BigInt(score), BigInt(total)];
  return Number((s * 20000n + t) / (2n * t)) / 100;
}

/** A fraction as a grader's mark may bring it (mark / maxMark): within 0–1, and 0 for anything not a number. */
const clampFraction = (fraction: number) => (fraction > 0 ? Math.min(1, fraction) : 0);

/** N when negative marking is on with a whole N ≥ 1; otherwise 0 (no negative points), as today. */
function negativeRunLength(rule: NegativeMarking): number {
  const n = rule.consecutiveWrongAnswersForNegativeMarking;
  return rule.negativeMarking && Number.isInteger(n) && n !== null && n >= 1 ? n : 0;
}
