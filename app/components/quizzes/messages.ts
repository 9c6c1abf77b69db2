/**
 * The quiz verbs' answers (api/services/quizzes/schemas.ts, spec 5 and 8), shown on the quiz
 * pages in the user's language by their code and values (api/services/message-codes.ts,
 * ADR 0055 and 0061); unknown answers as sent. messages.test.ts checks the codes against the
 * services' texts.
 */
import { type CodedAnswer, type CodedFields, type CodeKeys, fieldAnswer, keyOfCode, sayAnswer } from "../../utils/message-codes";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The quiz and extra-time verbs' codes (api/services/message-codes.ts) → keys of locales/<lang>/quizzes.json. */
export const QUIZ_CODE_KEYS: CodeKeys = {
  QUIZ_NOT_DELETABLE: "quizzes:errors.notDeletable",
  QUIZ_DELETED: "quizzes:pool.delete.done",
  QUIZ_ADDED: "quizzes:wizard.added",
  QUIZ_UPDATED: "quizzes:wizard.updated",
  // Spec 5 and 8, verbatim in English.
  QUIZ_CATEGORY_REQUIRED: "quizzes:errors.categoryRequired",
  QUIZ_COURSE_REQUIRED: "quizzes:errors.courseRequired",
  QUIZ_TIME_REQUIRED: "quizzes:errors.timeRequired",
  QUIZ_ATTEMPTS_REQUIRED: "quizzes:errors.attemptsRequired",
  QUIZ_STATUS_REQUIRED: "quizzes:errors.statusRequired",
  QUIZ_ALLOW_SKIP_REQUIRED: "quizzes:errors.allowSkipRequired",
  QUIZ_TAKE_BEST_SCORE_REQUIRED: "quizzes:errors.takeBestScoreRequired",
  QUIZ_NEGATIVE_MARKING_REQUIRED: "quizzes:errors.negativeMarkingRequired",
  QUIZ_TIME_TYPE_REQUIRED: "quizzes:errors.timeTypeRequired",
  QUIZ_START_DATE_REQUIRED: "quizzes:errors.startDateRequired",
  QUIZ_END_DATE_REQUIRED: "quizzes:errors.endDateRequired",
  QUIZ_START_AFTER_END: "quizzes:errors.startAfterEnd",
  QUIZ_WRONG_ANSWERS_REQUIRED: "quizzes:errors.wrongAnswersRequired",
  QUIZ_NO_QUESTIONS: "quizzes:errors.noQuestions",
  // Spec 8's texts with numbers: { n } set, { m } selected.
  QUIZ_TOO_MANY_QUESTIONS: "quizzes:errors.tooManyQuestions",
  QUIZ_COUNT_MISMATCH: "quizzes:errors.countMismatch",
  QUIZ_ONE_SHOULD_REMAIN: "quizzes:errors.oneQuizShouldRemain",
  QUIZ_NOT_EDITABLE: "quizzes:errors.notEditable",
  QUESTIONS_LOCKED_BY_ATTEMPTS: "quizzes:errors.questionsNotEditable",
  // Our own texts (schemas.ts OWN_MESSAGES).
  QUIZ_NAME_REQUIRED: "quizzes:errors.quizNameRequired",
  TEXT_NOT_ONE_LINE: "quizzes:errors.notOneLine",
  QUIZ_DESCRIPTION_REQUIRED: "quizzes:errors.quizDescriptionRequired",
  MIN_2_SYMBOLS: "quizzes:errors.minimum",
  MAX_500_SYMBOLS: "quizzes:errors.maximum",
  QUIZ_LEVEL_REQUIRED: "quizzes:errors.levelRequired",
  QUIZ_SHOW_ANSWERS_AFTER_CLOSE_NEEDS_DATE_RANGE: "quizzes:errors.afterQuizClosesNeedsDateRange",
  QUIZ_TOTAL_QUESTIONS_INVALID: "quizzes:errors.totalQuestionInvalid",
  QUIZ_TIME_INVALID: "quizzes:errors.timeInvalid",
  QUIZ_ATTEMPTS_INVALID: "quizzes:errors.attemptsInvalid",
  QUIZ_START_DATE_INVALID: "quizzes:errors.startDateRequired",
  QUIZ_END_DATE_INVALID: "quizzes:errors.endDateRequired",
  QUIZ_WRONG_ANSWERS_INVALID: "quizzes:errors.wrongAnswersInvalid",
  QUIZ_PASSWORD_TOO_LONG: "quizzes:errors.passwordTooLong",
  QUIZ_UNKNOWN_CATEGORY_COURSE: "quizzes:errors.unknownCategoryCourse",
  QUIZ_UNKNOWN_QUESTIONS: "quizzes:errors.unknownQuestions",
  QUIZ_UNKNOWN_QUIZZES: "quizzes:errors.unknownQuizzes",
  QUIZ_QUESTIONS_NOT_FROM_SOURCES: "quizzes:errors.notFromSources",
  QUIZ_UNKNOWN_PROFILES: "quizzes:errors.unknownProfiles",
  QUIZ_UNKNOWN_DEPARTMENTS: "quizzes:errors.unknownDepartments",
  // Random papers (ADR 0077).
  QUIZ_DRAW_COUNT_INVALID: "quizzes:draws.errors.countInvalid",
  QUIZ_DRAW_TAG_INVALID: "quizzes:draws.errors.tagInvalid",
  QUIZ_TOO_MANY_DRAWS: "quizzes:draws.errors.tooMany",
  QUIZ_DRAWS_INVALID: "quizzes:draws.errors.invalid",
  QUIZ_SHUFFLE_QUESTIONS_INVALID: "quizzes:draws.errors.shuffleInvalid",
  QUIZ_DRAW_TOO_FEW_QUESTIONS: "quizzes:draws.errors.tooFew",
  QUIZ_DRAWS_PART_TOO_LARGE: "quizzes:draws.errors.partTooLarge",
  QUIZ_PASS_PERCENTAGE_INVALID: "quizzes:passMark.invalid",
  // Extra time (api/services/extra-time/schemas.ts).
  EXTRA_TIME_SAVED: "quizzes:extraTime.errors.saved",
  EXTRA_TIME_REMOVED: "quizzes:extraTime.errors.removed",
  EXTRA_TIME_FACTOR_RANGE: "quizzes:extraTime.errors.factorRange",
  EXTRA_TIME_NO_SUCH_STUDENT: "quizzes:extraTime.errors.studentEmail",
  STUDENT_NOT_FOUND: "quizzes:extraTime.errors.studentEmail",
  // The quiz page's Duplicate (ADR 0081).
  QUIZ_DUPLICATED: "quizzes:duplicate.done",
  // Quizzes set for classes and per-student overrides (api/services/quiz-classes/messages.ts, ADR 0079).
  QUIZ_CLASSES_INVALID: "quizzes:classSettings.errors.invalid",
  QUIZ_TOO_MANY_CLASSES: "quizzes:classSettings.errors.tooMany",
  QUIZ_CLASS_LISTED_TWICE: "quizzes:classSettings.errors.listedTwice",
  QUIZ_UNKNOWN_CLASSES: "quizzes:classSettings.errors.unknown",
  QUIZ_CLASS_START_AFTER_END: "quizzes:classSettings.errors.startAfterEnd",
  OVERRIDE_SAVED: "quizzes:overrides.errors.saved",
  OVERRIDE_DELETED: "quizzes:overrides.errors.deleted",
  OVERRIDE_EMPTY: "quizzes:overrides.errors.empty",
  OVERRIDE_NOT_A_STUDENT: "quizzes:overrides.errors.notAStudent",
  OVERRIDE_NOT_FOUND: "quizzes:overrides.errors.notFound",
};

/** The general codes a quiz page words itself (the texts behind them are generic). */
const GENERAL_KEYS: Partial<Record<string, string>> = {
  FORBIDDEN: "quizzes:errors.forbidden",
  NOT_FOUND: "quizzes:errors.notFound",
  INTERNAL: "quizzes:errors.somethingWrong",
};

/** An answer in the user's language: by its code and values (`params`), else as sent. */
export function translateQuizMessage(t: Translate, answer: CodedAnswer): string {
  const general = answer.code && !keyOfCode(QUIZ_CODE_KEYS, answer.code) ? GENERAL_KEYS[answer.code] : undefined;
  return general ? t(general) : sayAnswer(t, QUIZ_CODE_KEYS, answer);
}

/** Field errors of the wizard, each in the user's language by its code (`errorCodes`) and values (`errorParams`). */
export function translateQuizErrors(t: Translate, answer: CodedFields): Record<string, string> {
  return Object.fromEntries(Object.keys(answer.errors ?? {}).map((field) => [field, translateQuizMessage(t, fieldAnswer(answer, field))]));
}
