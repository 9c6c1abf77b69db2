import { MARKING_LIMITS as L } from "./limits";

/**
 * The English texts of the question types' rules, by code (api/services/message-codes.ts,
 * docs/decisions/0061). The schemas say them with `schemaMessage(code, values)`, so the editor
 * and the exam page word them in the reader's language from the code; never from this text.
 *
 * `ANSWER_KEY_*`: what an author wrote (the bank's editor and the imports show them).
 * `STUDENT_ANSWER_*`: what a student's client sent (the exam's save, check and submit).
 */
export const ANSWER_KEY_MESSAGES = {
  ANSWER_KEY_DEFAULT_MARK: `Default mark must be a number from ${L.minMark} to ${L.maxMark} with at most two decimals`,
  ANSWER_KEY_SHAPE: "The answer key does not fit this type of question",
  ANSWER_KEY_ANSWERS_COUNT: "Give {{min}} to {{max}} accepted answers",
  ANSWER_KEY_TEXT_LENGTH: "Must be 1 to {{max, number}} characters",
  ANSWER_KEY_TEXT_TOO_LONG: "Must be at most {{max, number}} characters",
  ANSWER_KEY_CREDIT: "Credit must be a number from 0 to 100 (%)",
  ANSWER_KEY_FULL_CREDIT_NEEDED: "One accepted answer must give 100 %, so that full marks are possible",
  ANSWER_KEY_CASE_RULE: "Say whether letter case matters: true or false",
  ANSWER_KEY_NUMBER: "Must be a number",
  ANSWER_KEY_TOLERANCE: "Tolerance must be a number of 0 or more",
  ANSWER_KEY_UNITS_COUNT: "At most {{max}} units",
  ANSWER_KEY_UNIT_MULTIPLIER: "A unit's multiplier must be a number greater than 0",
  ANSWER_KEY_UNIT_REPEATED: "Each unit may be listed only once",
  ANSWER_KEY_UNIT_REQUIRED_WITHOUT_UNITS: "List the units before requiring one",
  ANSWER_KEY_UNIT_PENALTY: "Unit penalty must be a fraction from 0 to 1",
  ANSWER_KEY_PAIRS_COUNT: "Give {{min}} to {{max}} pairs to match",
  ANSWER_KEY_DISTRACTORS_COUNT: "At most {{max}} extra wrong answers",
  ANSWER_KEY_DISTRACTOR_IS_ANSWER: "An extra wrong answer must differ from every right answer",
  ANSWER_KEY_ITEMS_COUNT: "Give {{min}} to {{max}} items to put in order",
  ANSWER_KEY_ITEMS_REPEATED: "Each item must be different, or students cannot tell them apart",
  ANSWER_KEY_ORDERING_GRADING: "Choose how the order is marked: all or nothing, or relative to the next item",
  ANSWER_KEY_GAPS_COUNT: "Give {{min}} to {{max}} gaps",
  ANSWER_KEY_GAP_KIND: "A gap is a text, a number or a dropdown",
  ANSWER_KEY_GAP_WEIGHT: "A gap's weight must be a number from {{min}} to {{max}}",
  ANSWER_KEY_CHOICES_COUNT: "A dropdown needs {{min}} to {{max}} choices",
  ANSWER_KEY_CHOICE_UNKNOWN: "An accepted answer of a dropdown must be one of its choices",
  ANSWER_KEY_GAPS_NOT_IN_TEXT: "The question text must hold each gap once, numbered {1} to {{count}} as the gaps are listed",
  ANSWER_KEY_WORD_LIMIT: "Word limits must be whole numbers from 1 to {{max, number}}",
  ANSWER_KEY_WORD_LIMITS_ORDER: "The minimum number of words cannot be more than the maximum",
  ANSWER_KEY_CRITERIA_COUNT: "A rubric has 1 to {{max}} criteria",
  ANSWER_KEY_LEVELS_COUNT: "Each criterion has {{min}} to {{max}} levels",
  ANSWER_KEY_POINTS: "Points must be a number from 0 to 100 with at most two decimals",
  ANSWER_KEY_TRUE_FALSE_OPTIONS: "A true/false question has two options, True and False, and exactly one of them is correct",
} as const;

export const STUDENT_ANSWER_MESSAGES = {
  STUDENT_ANSWER_SHAPE: "This answer does not fit the question's type",
  STUDENT_ANSWER_TOO_LONG: "An answer must be at most {{max, number}} characters",
  STUDENT_ANSWER_TOO_MANY_PARTS: "An answer has at most {{max}} parts",
  STUDENT_ANSWER_PART_REPEATED: "An answer names the same part twice",
  STUDENT_ANSWER_UNKNOWN_PART: "This answer names a part the question does not have",
  STUDENT_ANSWER_ESSAY_NOT_CHECKED: "An essay is marked by a person: it cannot be checked",
} as const;

export type AnswerKeyCode = keyof typeof ANSWER_KEY_MESSAGES;
export type StudentAnswerCode = keyof typeof STUDENT_ANSWER_MESSAGES;
