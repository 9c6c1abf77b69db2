import type { CodeKeys } from "../../utils/message-codes";

/**
 * A refused answer of any question type (api/services/marking, ADR 0065) in the student's
 * language, by code and values (keys of locales/<lang>/exam.json "answerErrors"). The exam page
 * of the new types words its save's refusals with these (`sayAnswer`, which passes the values);
 * today's choice questions never send such an answer.
 */
export const STUDENT_ANSWER_CODE_KEYS: CodeKeys = {
  STUDENT_ANSWER_SHAPE: "exam:answerErrors.shape",
  STUDENT_ANSWER_TOO_LONG: "exam:answerErrors.tooLong",
  STUDENT_ANSWER_TOO_MANY_PARTS: "exam:answerErrors.tooManyParts",
  STUDENT_ANSWER_PART_REPEATED: "exam:answerErrors.partRepeated",
  STUDENT_ANSWER_UNKNOWN_PART: "exam:answerErrors.unknownPart",
  STUDENT_ANSWER_ESSAY_NOT_CHECKED: "exam:answerErrors.essayNotChecked",
};
