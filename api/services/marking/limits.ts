/**
 * How much one question's key and one student's answer may hold (issue 26, "Bad input and
 * security"). Every list and text is bounded before any work is done on it, so an answer of
 * 10,000 pairs or a megabyte of text is refused by its schema, never graded.
 */
export const MARKING_LIMITS = {
  /** decisions.md: `defaultMark` 0.5–100, two decimals. */
  minMark: 0.5,
  maxMark: 100,
  /** Accepted answers of a short-answer or numerical question, or of one cloze gap. */
  maxAnswers: 20,
  /** An accepted short answer, a matching choice, a distractor, a unit label, a dropdown choice. */
  answerText: 255,
  /** A matching stem, an ordering item, a rubric criterion. */
  itemText: 500,
  maxUnits: 20,
  unitText: 30,
  minPairs: 2,
  maxPairs: 30,
  maxDistractors: 10,
  minItems: 2,
  maxItems: 20,
  minGaps: 1,
  maxGaps: 50,
  minChoices: 2,
  maxChoices: 20,
  /** A cloze gap's weight, relative to the question's other gaps. */
  minWeight: 0.01,
  maxWeight: 100,
  /** An essay's word limits. */
  maxWords: 10_000,
  /** An essay's grader information, response template, and a student's essay: decisions.md. */
  essayHtml: 20_000,
  /** Before sanitising: bounds the sanitiser's work (as an explanation's, questions/schemas.ts). */
  essayHtmlRaw: 25_000,
  maxCriteria: 20,
  minLevels: 1,
  maxLevels: 10,
  /** What a student types into a short answer or a cloze text gap. */
  typedText: 1_000,
  /** What a student types as a number (`value`) or a unit. */
  typedNumber: 60,
  /** An opaque id the attempt gave a stem, a choice or an item. */
  idText: 64,
} as const;
