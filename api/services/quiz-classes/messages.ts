/**
 * The texts of quizzes set for classes and per-student overrides (issue 27 point 2, ADR 0079),
 * by their codes (api/services/message-codes.ts): the pages say them in the reader's language by code.
 */
export const QUIZ_CLASS_MESSAGES = {
  QUIZ_CLASSES_INVALID: "classes must be a list of { classId, startDate?, endDate?, time?, attemptsAllowed?, password? }",
  QUIZ_TOO_MANY_CLASSES: "A quiz can be set for at most {{max}} classes",
  QUIZ_CLASS_LISTED_TWICE: "A class can be listed only once",
  QUIZ_UNKNOWN_CLASSES: "Some classes are not found among the classes you teach",
  QUIZ_CLASS_START_AFTER_END: "A class's start date must not be after its end date",
  OVERRIDE_SAVED: "Override saved",
  OVERRIDE_DELETED: "Override deleted",
  OVERRIDE_EMPTY: "Set at least one of the dates, the time limit or the attempts",
  OVERRIDE_NOT_A_STUDENT: "Overrides are for students of the school",
  OVERRIDE_NOT_FOUND: "This student has no override on this quiz",
} as const;
