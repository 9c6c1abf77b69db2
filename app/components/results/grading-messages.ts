import type { CodeKeys } from "../../utils/message-codes";

/**
 * Manual grading's answers (POST /api/takenQuiz/grade, ADR 0069) in the grader's language, by
 * code and values (keys of locales/<lang>/results.json "grading", named after the codes). The
 * grading page (the next slice) words the grade's answers with these (`sayAnswer`).
 */
export const GRADING_CODE_KEYS: CodeKeys = {
  GRADE_MARK_INVALID: "results:grading.GRADE_MARK_INVALID",
  GRADE_MARK_OR_RUBRIC: "results:grading.GRADE_MARK_OR_RUBRIC",
  GRADE_NO_RUBRIC: "results:grading.GRADE_NO_RUBRIC",
  GRADE_RUBRIC_LEVEL_UNKNOWN: "results:grading.GRADE_RUBRIC_LEVEL_UNKNOWN",
  GRADE_RUBRIC_CRITERION_REPEATED: "results:grading.GRADE_RUBRIC_CRITERION_REPEATED",
  GRADE_RUBRIC_OVER_MARK: "results:grading.GRADE_RUBRIC_OVER_MARK",
  GRADE_COMMENT_TOO_LONG: "results:grading.GRADE_COMMENT_TOO_LONG",
  GRADE_NOT_ANSWERED: "results:grading.GRADE_NOT_ANSWERED",
  GRADED_ANSWER: "results:grading.GRADED_ANSWER",
};
