/**
 * The English texts of manual grading's refusals, by code (api/services/message-codes.ts,
 * ADR 0061 and 0069): the grading page words them in the reader's language from the code.
 */
export const GRADING_MESSAGES = {
  GRADE_MARK_INVALID: "A mark must be a number from 0 to {{max}} with at most two decimals",
  GRADE_MARK_OR_RUBRIC: "Give a mark, or choose a level of the rubric",
  GRADE_NO_RUBRIC: "This question has no rubric: give a mark",
  GRADE_RUBRIC_LEVEL_UNKNOWN: "The rubric has no level {{level}} for criterion {{criterion}} (both counted from 0)",
  GRADE_RUBRIC_CRITERION_REPEATED: "Choose one level for each criterion of the rubric",
  GRADE_RUBRIC_OVER_MARK: "The levels chosen add up to {{sum}}, more than the question's {{max}} marks",
  GRADE_COMMENT_TOO_LONG: "A comment must be at most {{max, number}} characters",
  GRADE_NOT_ANSWERED: "This question was not answered: there is nothing to mark",
  GRADED_ANSWER: "The mark is saved",
} as const;

export type GradingCode = keyof typeof GRADING_MESSAGES;
