import type { AnswerStatus } from "../../../db/schema/attempts";
import type { OptionType } from "../../../db/schema/questions";
import type { Quiz } from "../../../db/schema/quizzes";

/**
 * Grading an attempt: the one place where saved answers become a score (decisions.md
 * "Exam integrity"; the formulas and worked examples are in docs/scoring.md). Pure and
 * synchronous: the exam API grades with it on submit, at the deadline and in one-by-one
 * Check, and the result pages only read what it produced.
 *
 * Input is whatever was saved, so it may be partial or odd: answers to questions outside
 * the quiz are ignored, an option id repeated counts once, two entries for one question
 * are merged, and an option id that is not a correct option of the question (another
 * question's, or made up) makes that answer wrong. Nothing a client sends can make an
 * answer right except exactly the correct set.
 */

/** What grading needs to know about one question of the quiz, in quiz order. */
export interface QuestionKey {
  id: number;
  optionType: OptionType;
  correctOptionIds: readonly number[];
}

/** A saved answer, as everywhere in the API: `{ questionId, answer: [optionId, …] }`. */
export interface SavedAnswer {
  questionId: number;
  answer: readonly number[];
}

/** The quiz's negative-marking settings (the spec's `negativeMarking` and `consuctive…`). */
export type NegativeMarkingRule = Pick<Quiz, "negativeMarking" | "consecutiveWrongAnswersForNegativeMarking">;

/** After grading: "yes" right, "no" wrong, "empty" not answered ("not", marked for review, is an exam-screen state only). */
export type GradedAnswerStatus = Exclude<AnswerStatus, "not">;

export interface GradedQuestion {
  questionId: number;
  optionType: OptionType;
  /** The chosen option ids, each once, ascending (what the result page shows). */
  selectedOptionIds: number[];
  /** null when not answered. */
  isCorrect: boolean | null;
  answerStatus: GradedAnswerStatus;
  /** This wrong answer completed a run of N wrong answers in a row and cost one point. */
  costsNegativePoint: boolean;
}

export interface AttemptGrade {
  questions: GradedQuestion[];
  totalQuestions: number;
  correctAnswered: number;
  wrongAnswered: number;
  unanswered: number;
  negativePoints: number;
  /** max(0, correctAnswered − negativePoints). */
  score: number;
  /** score / totalQuestions × 100, rounded half up to 2 decimals; 0 for a quiz without questions. */
  percentage: number;
}

export function gradeAttempt(questions: readonly QuestionKey[], answers: readonly SavedAnswer[], rule: NegativeMarkingRule): AttemptGrade {
  const chosen = chosenOptionsByQuestion(questions, answers);
  const runLength = negativeRunLength(rule);
  const graded: GradedQuestion[] = [];
  let correctAnswered = 0;
  let wrongAnswered = 0;
  let negativePoints = 0;
  let wrongInARow = 0;

  for (const question of questions) {
    const selected = [...(chosen.get(question.id) ?? [])].sort((a, b) => a - b);
    const isCorrect = selected.length === 0 ? null : isExactlyTheCorrectSet(selected, question.correctOptionIds);
    let costsNegativePoint = false;
    if (isCorrect === false) {
      wrongAnswered++;
      wrongInARow++;
      if (runLength > 0 && wrongInARow === runLength) {
        negativePoints++;
        costsNegativePoint = true;
        wrongInARow = 0; // the count starts again
      }
    } else {
      if (isCorrect) correctAnswered++;
      wrongInARow = 0; // a right answer or an unanswered question ends the run
    }
    graded.push({
      questionId: question.id,
      optionType: question.optionType,
      selectedOptionIds: selected,
      isCorrect,
      answerStatus: isCorrect === null ? "empty" : isCorrect ? "yes" : "no",
      costsNegativePoint,
    });
  }

  const totalQuestions = questions.length;
  const score = Math.max(0, correctAnswered - negativePoints);
  return {
    questions: graded,
    totalQuestions,
    correctAnswered,
    wrongAnswered,
    unanswered: totalQuestions - correctAnswered - wrongAnswered,
    negativePoints,
    score,
    percentage: percentageOf(score, totalQuestions),
  };
}

/**
 * score / total × 100 rounded half up to two decimals, computed in whole numbers so that no
 * binary fraction can tip a half the wrong way: 1/3 → 33.33, 2/3 → 66.67, 1/32 → 3.13.
 */
export function percentageOf(score: number, totalQuestions: number): number {
  if (totalQuestions <= 0) return 0;
  const hundredths = Math.floor((score * 20000 + totalQuestions) / (2 * totalQuestions));
  return hundredths / 100;
}

/** N when negative marking is on with a whole N ≥ 1; otherwise 0 (no negative points). */
function negativeRunLength(rule: NegativeMarkingRule): number {
  const n = rule.consecutiveWrongAnswersForNegativeMarking;
  return rule.negativeMarking && Number.isInteger(n) && n >= 1 ? n : 0;
}

/** Each quiz question's chosen option ids; entries for other questions are dropped, repeats merged. */
function chosenOptionsByQuestion(questions: readonly QuestionKey[], answers: readonly SavedAnswer[]): Map<number, Set<number>> {
  const chosen = new Map<number, Set<number>>(questions.map((question) => [question.id, new Set<number>()]));
  for (const { questionId, answer } of answers) {
    const set = chosen.get(questionId);
    if (set) for (const optionId of answer) set.add(optionId);
  }
  return chosen;
}

function isExactlyTheCorrectSet(selected: readonly number[], correctOptionIds: readonly number[]): boolean {
  const correct = new Set(correctOptionIds);
  return selected.length === correct.size && selected.every((optionId) => correct.has(optionId));
}
