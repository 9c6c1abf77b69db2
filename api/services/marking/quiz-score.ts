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
  let totalUnits = 0n;
  let earnedUnits = 0n;
  let negativeUnits = 0n;
  let wrongInARow = 0;
  const counts = { correctAnswered: 0, partiallyCorrect: 0, wrongAnswered: 0, unanswered: 0, pending: 0, negativePoints: 0 };
  const perQuestion: QuizScore["questions"] = [];

  for (const { mark, marking } of questions) {
    const markHundredths = BigInt(Number.isFinite(mark) && mark > 0 ? Math.round(mark * 100) : 0);
    totalUnits += markHundredths * BigInt(UNITS_PER_HUNDREDTH);
    let costsNegativePoint = false;
    if (marking.status === "pending") {
      counts.pending++;
      wrongInARow = 0;
      perQuestion.push({ earned: null, costsNegativePoint });
      continue;
    }
    const units = BigInt(Math.round(Number(markHundredths) * clampFraction(marking.fraction) * UNITS_PER_HUNDREDTH));
    earnedUnits += units;
    if (!marking.answered) {
      counts.unanswered++;
      wrongInARow = 0;
    } else if (marking.status === "no") {
      counts.wrongAnswered++;
      wrongInARow++;
      if (runLength > 0 && wrongInARow === runLength) {
        counts.negativePoints++;
        negativeUnits += markHundredths * BigInt(UNITS_PER_HUNDREDTH);
        costsNegativePoint = true;
        wrongInARow = 0; // the count starts again
      }
    } else {
      if (marking.status === "yes") counts.correctAnswered++;
      else counts.partiallyCorrect++;
      wrongInARow = 0;
    }
    perQuestion.push({ earned: Number(units) / UNITS_PER_MARK, costsNegativePoint });
  }

  const scoreUnits = earnedUnits > negativeUnits ? earnedUnits - negativeUnits : 0n;
  return {
    totalMarks: Number(totalUnits) / UNITS_PER_MARK,
    score: Number(scoreUnits) / UNITS_PER_MARK,
    percentage: percentageOfUnits(scoreUnits, totalUnits),
    ...counts,
    negativeMarks: Number(negativeUnits) / UNITS_PER_MARK,
    questions: perQuestion,
  };
}

/** score / total × 100, half up to two decimals, in whole numbers (no binary fraction tips a half): today's rule. */
function percentageOfUnits(score: bigint, total: bigint): number {
  if (total <= 0n) return 0;
  return Number((score * 20000n + total) / (2n * total)) / 100;
}

/** A fraction as a grader's mark may bring it (mark / maxMark): within 0–1, and 0 for anything not a number. */
const clampFraction = (fraction: number) => (fraction > 0 ? Math.min(1, fraction) : 0);

/** N when negative marking is on with a whole N ≥ 1; otherwise 0 (no negative points), as today. */
function negativeRunLength(rule: NegativeMarking): number {
  const n = rule.consecutiveWrongAnswersForNegativeMarking;
  return rule.negativeMarking && Number.isInteger(n) && n !== null && n >= 1 ? n : 0;
}
