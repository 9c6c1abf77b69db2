import type { AnswerStatus } from "../../../db/schema/attempts";
import type { OptionType } from "../../../db/schema/questions";
import type { Quiz } from "../../../db/schema/quizzes";
import type { ChoiceType } from "../marking/choice";
import { markAnswer } from "../marking/mark-answer";
import { quizScore } from "../marking/quiz-score";

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
// "partial" and "pending" join the graded statuses when the results speak every type (issue 26).
export type GradedAnswerStatus = Exclude<AnswerStatus, "not" | "partial" | "pending">;

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
  const selectedOf = questions.map((question) => [...(chosen.get(question.id) ?? [])].sort((a, b) => a - b));
  // The one marking engine (api/services/marking, ADR 0065) decides each question and totals the
  // attempt: every question is worth 1 here, so its numbers are today's (the property test
  // marking.property.test.ts compares the two on random attempts; the tests below pin them).
  // (A type-only narrowing, issue 26's authoring slice: this grades options, so choice questions.)
  const markings = questions.map((question, i) => markAnswer({ optionType: question.optionType as ChoiceType, correctOptionIds: question.correctOptionIds }, selectedOf[i]));
  const total = quizScore(
    markings.map((marking) => ({ mark: 1, marking })),
    rule,
  );
  const graded: GradedQuestion[] = questions.map((question, i) => {
    const marking = markings[i];
    const isCorrect = marking.answered ? marking.status === "yes" : null;
    return {
      questionId: question.id,
      optionType: question.optionType,
      selectedOptionIds: selectedOf[i],
      isCorrect,
      answerStatus: isCorrect === null ? "empty" : isCorrect ? "yes" : "no",
      costsNegativePoint: total.questions[i].costsNegativePoint,
    };
  });
  return {
    questions: graded,
    totalQuestions: questions.length,
    correctAnswered: total.correctAnswered,
    wrongAnswered: total.wrongAnswered,
    unanswered: total.unanswered,
    negativePoints: total.negativePoints,
    score: total.score,
    percentage: total.percentage,
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

/** Each quiz question's chosen option ids; entries for other questions are dropped, repeats merged. */
function chosenOptionsByQuestion(questions: readonly QuestionKey[], answers: readonly SavedAnswer[]): Map<number, Set<number>> {
  const chosen = new Map<number, Set<number>>(questions.map((question) => [question.id, new Set<number>()]));
  for (const { questionId, answer } of answers) {
    const set = chosen.get(questionId);
    if (set) for (const optionId of answer) set.add(optionId);
  }
  return chosen;
}
