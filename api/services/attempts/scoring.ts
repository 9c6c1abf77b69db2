import type { AnswerStatus } from "../../../db/schema/attempts";
import type { Quiz } from "../../../db/schema/quizzes";
import { type Marking, markAnswer, markingOf } from "../marking/mark-answer";
import { isKeyedType, type QuestionType } from "../marking/question-types";
import { quizScore } from "../marking/quiz-score";
import { markingQuestionOf } from "./marking-question";
import type { AttemptPartIds } from "./part-ids";

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
  optionType: QuestionType;
  correctOptionIds: readonly number[];
  /** The key of the types without options, as parsed when read (answer-key.ts); server only. */
  answerKey?: unknown;
  /** The key's texts with formulas, rendered when saved, by their path in the key (stored-answer-key.ts); server only: a page gets each part's own beside it (answer-view.ts). */
  keyHtml?: Readonly<Record<string, string>>;
  /** The question's mark (`defaultMark`) in hundredths; 100 (one mark) unless said. */
  markHundredths?: number;
}

/**
 * A saved answer: `{ questionId, answer: [optionId, …] }` for the choice types; the other
 * types' answer (decisions.md "Answers") as `response`, with the attempt's part ids.
 */
export interface SavedAnswer {
  questionId: number;
  answer: readonly number[];
  response?: unknown;
  /** A grader's fraction (0–1) of the question's mark (ADR 0069): it replaces the engine's marking, essay or not. */
  graderFraction?: number | null;
  /**
   * The engine's own marking of a type with an answer key as the close stored it (store-markings.ts):
   * a reader of a finished attempt passes it instead of having the answer marked again (neither the
   * key of a taken quiz nor a closed attempt's answers change). A grader's fraction still wins.
   */
  storedMarking?: Marking | null;
}

/** The quiz's negative-marking settings (the spec's `negativeMarking` and `consuctive…`). */
export type NegativeMarkingRule = Pick<Quiz, "negativeMarking" | "consecutiveWrongAnswersForNegativeMarking">;

/**
 * After grading: "yes" full mark, "partial" some of it, "no" nothing, "pending" awaiting a
 * grader, "empty" not answered ("not", marked for review, is an exam-screen state only).
 */
export type GradedAnswerStatus = Exclude<AnswerStatus, "not">;

export interface GradedQuestion {
  questionId: number;
  optionType: QuestionType;
  /** The chosen option ids, each once, ascending (what the result page shows). */
  selectedOptionIds: number[];
  /** null when not answered. */
  isCorrect: boolean | null;
  answerStatus: GradedAnswerStatus;
  /** This wrong answer completed a run of N wrong answers in a row and cost one point. */
  costsNegativePoint: boolean;
  /** The fraction (0–1) of the mark earned; null while a person has to mark it. */
  fraction: number | null;
  /** The question's mark in the quiz (`maxMark`) and the marks earned (null while pending). */
  maxMark: number;
  mark: number | null;
  /** The saved answer of a type without options (with the attempt's part ids), as it was read. */
  response?: unknown;
}

export interface AttemptGrade {
  questions: GradedQuestion[];
  totalQuestions: number;
  correctAnswered: number;
  wrongAnswered: number;
  unanswered: number;
  negativePoints: number;
  /** Answers earning part of their mark, and those awaiting a grader (the percentage is provisional while any is). */
  partiallyCorrect: number;
  pending: number;
  /** Σ mark × fraction − the negative points' marks, at least 0 (with every mark 1: correctAnswered − negativePoints). */
  score: number;
  /** Σ marks (with every mark 1: totalQuestions). */
  totalMarks: number;
  /** score / totalMarks × 100, rounded half up to 2 decimals; 0 for a quiz without questions. */
  percentage: number;
}

/**
 * `partIds`: the attempt's ids of matching, ordering and dropdown parts (part-ids.ts), which the
 * saved responses name; without them parts are named by position (tests, previews).
 */
export function gradeAttempt(questions: readonly QuestionKey[], answers: readonly SavedAnswer[], rule: NegativeMarkingRule, partIds?: AttemptPartIds): AttemptGrade {
  const chosen = chosenOptionsByQuestion(answers);
  const selectedOf = questions.map((question) => ascending(chosen.get(question.id)));
  // The last response to a question wins, as the last save does.
  // The one marking engine (api/services/marking, ADR 0065) decides each question and totals the
  // attempt with each question's mark: with every mark 1 and only choice questions the numbers
  // are today's (the property test marking.property.test.ts compares the two on random attempts).
  // A person's mark wins over the engine's (manual grading and overrides, ADR 0069).
  // One pass over the answers for the three (a submit and every review grade: issue 25 point 8).
  const responseOf = new Map<number, unknown>();
  const graderFractionOf = new Map<number, number>();
  const storedMarkingOf = new Map<number, Marking>();
  for (const saved of answers) {
    if (saved.response !== undefined && saved.response !== null) responseOf.set(saved.questionId, saved.response);
    if (typeof saved.graderFraction === "number") graderFractionOf.set(saved.questionId, saved.graderFraction);
    if (saved.storedMarking) storedMarkingOf.set(saved.questionId, saved.storedMarking);
  }
  const markings = questions.map((question, i): Marking => {
    const graderFraction = graderFractionOf.get(question.id);
    if (graderFraction !== undefined) return graderMarking(graderFraction, question.markHundredths ?? 100);
    const stored = storedMarkingOf.get(question.id);
    if (stored && isKeyedType(question.optionType)) return stored;
    const marking = markingQuestionOf(question, partIds);
    if (!marking) return { fraction: 0, status: "no", answered: false };
    return markAnswer(marking, "correctOptionIds" in marking ? selectedOf[i] : responseOf.get(question.id));
  });
  const marks = questions.map((question) => (question.markHundredths ?? 100) / 100);
  const total = quizScore(
    markings.map((marking, i) => ({ mark: marks[i], marking })),
    rule,
  );
  const graded: GradedQuestion[] = questions.map((question, i) => {
    const marking = markings[i];
    const isCorrect = marking.answered ? marking.status === "yes" : null;
    const response = responseOf.get(question.id);
    return {
      questionId: question.id,
      optionType: question.optionType,
      selectedOptionIds: selectedOf[i],
      isCorrect,
      answerStatus: marking.answered ? marking.status : "empty",
      costsNegativePoint: total.questions[i].costsNegativePoint,
      fraction: marking.fraction,
      maxMark: marks[i],
      mark: total.questions[i].earned,
      ...(response === undefined ? {} : { response }),
    };
  });
  return {
    questions: graded,
    totalQuestions: questions.length,
    correctAnswered: total.correctAnswered,
    wrongAnswered: total.wrongAnswered,
    unanswered: total.unanswered,
    negativePoints: total.negativePoints,
    partiallyCorrect: total.partiallyCorrect,
    pending: total.pending,
    score: total.score,
    totalMarks: total.totalMarks,
    percentage: total.percentage,
  };
}

/**
 * A grader gives whole hundredths of the question's mark (ADR 0069); the fraction kept in 10⁻⁷
 * is snapped back to them, so 1.75 of 3 earns 1.75 and not 1.7499999 (the snap is exact: the
 * kept fraction is off by at most 5·10⁻⁸, far less than half a hundredth of any mark).
 */
function graderMarking(fraction: number, markHundredths: number): Marking {
  if (markHundredths <= 0) return markingOf(fraction);
  const hundredths = Math.min(markHundredths, Math.max(0, Math.round(fraction * markHundredths)));
  return { fraction: hundredths / markHundredths, status: hundredths === markHundredths ? "yes" : hundredths === 0 ? "no" : "partial", answered: true };
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

/** A question's chosen ids, each once, ascending (most answers choose one). */
function ascending(ids: number[] | undefined): number[] {
  if (ids === undefined || ids.length === 0) return [];
  if (ids.length === 1) return [ids[0]];
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * The chosen option ids of each answered question, repeats merged (a question saved twice
 * keeps the ids of both). Only answers that chose something take an entry: a typed answer
 * (no ids) or an unanswered one costs nothing here; the questions look their own ids up, so
 * an entry for a question not on the paper is never read (issue 26 "Speed": a Set for every
 * question of the paper was a tenth of grading a mixed paper).
 */
function chosenOptionsByQuestion(answers: readonly SavedAnswer[]): Map<number, number[]> {
  const chosen = new Map<number, number[]>();
  for (const { questionId, answer } of answers) {
    if (answer.length === 0) continue;
    const known = chosen.get(questionId);
    if (known) known.push(...answer);
    else chosen.set(questionId, answer.length === 1 ? [answer[0]] : [...answer]);
  }
  return chosen;
}
