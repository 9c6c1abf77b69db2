/**
 * The quiz verbs' texts (api/services/quizzes/schemas.ts, spec 5 and 8), shown on the quiz
 * pages in the user's language; unknown texts are shown as sent. Literals, because this
 * module ships to the browser and the services do not: messages.test.ts pins them.
 */
type Translate = (key: string, values?: Record<string, unknown>) => string;

const KEYS: Record<string, string> = {
  "Sorry! the quiz is taken by one or more students and is not deleteable": "quizzes:errors.notDeletable",
  "Sorry! you don't have permissions for this operation": "quizzes:errors.forbidden",
  "The requested quiz is not found": "quizzes:errors.notFound",
  "Quiz deleted": "quizzes:pool.delete.done",
  "Quiz Added": "quizzes:wizard.added",
  "Quiz Updated": "quizzes:wizard.updated",
  "Something wrong!": "quizzes:errors.somethingWrong",
  // Spec 5 and 8, verbatim in English.
  "Category is required": "quizzes:errors.categoryRequired",
  "Course is required": "quizzes:errors.courseRequired",
  "Time is required": "quizzes:errors.timeRequired",
  "No of attempts is required": "quizzes:errors.attemptsRequired",
  "Quiz status is required": "quizzes:errors.statusRequired",
  "Allow skip is required": "quizzes:errors.allowSkipRequired",
  "Take Best Score is required": "quizzes:errors.takeBestScoreRequired",
  "Negative Marking is required": "quizzes:errors.negativeMarkingRequired",
  "Quiz time type is required": "quizzes:errors.timeTypeRequired",
  "Start date is required for date range": "quizzes:errors.startDateRequired",
  "End date is required for date range": "quizzes:errors.endDateRequired",
  "Start date must not be greater than end date": "quizzes:errors.startAfterEnd",
  "Please provide number of wrong answers for negative marking": "quizzes:errors.wrongAnswersRequired",
  "You did not select any questions. You need to select atleast one question.": "quizzes:errors.noQuestions",
  "one quiz should remain": "quizzes:errors.oneQuizShouldRemain",
  "Sorry, the quiz is taken by one or more students and is not editable": "quizzes:errors.notEditable",
  "Sorry, the quiz is taken by one or more students, so editing questions is not allowed": "quizzes:errors.questionsNotEditable",
  // Our own texts (schemas.ts OWN_MESSAGES).
  "Quiz name is required": "quizzes:errors.quizNameRequired",
  "Quiz description is required": "quizzes:errors.quizDescriptionRequired",
  "Minimum 2 symbols": "quizzes:errors.minimum",
  "Maximum 500 symbols": "quizzes:errors.maximum",
  "Level is required": "quizzes:errors.levelRequired",
  "Right answers can be shown after the quiz closes only for a quiz with a date range: set the status to DateRange with an end date, or choose another time":
    "quizzes:errors.afterQuizClosesNeedsDateRange",
  "Total questions must be a whole number from 1 to 100": "quizzes:errors.totalQuestionInvalid",
  "Time must be a whole number of minutes from 1 to 100, or -1 for no limit": "quizzes:errors.timeInvalid",
  "No of attempts must be a whole number from 1 to 100": "quizzes:errors.attemptsInvalid",
  "Start date must be a time in epoch seconds": "quizzes:errors.startDateRequired",
  "End date must be a time in epoch seconds": "quizzes:errors.endDateRequired",
  "The number of wrong answers must be a whole number from 0 to 100": "quizzes:errors.wrongAnswersInvalid",
  "The quiz password must be at most 100 characters": "quizzes:errors.passwordTooLong",
  "This category and course do not exist in your business": "quizzes:errors.unknownCategoryCourse",
  "Some selected questions are not found": "quizzes:errors.unknownQuestions",
  "Some selected quizzes are not found": "quizzes:errors.unknownQuizzes",
  "Selected questions must come from the selected quizzes": "quizzes:errors.notFromSources",
  "Some selected profiles are not found": "quizzes:errors.unknownProfiles",
  "Some selected departments are not found": "quizzes:errors.unknownDepartments",
  // Extra time (api/services/extra-time/schemas.ts).
  "Extra time saved": "quizzes:extraTime.errors.saved",
  "Extra time removed": "quizzes:extraTime.errors.removed",
  "Extra time must be a factor from 1 to 3": "quizzes:extraTime.errors.factorRange",
  "No student with this e-mail in your school": "quizzes:extraTime.errors.studentEmail",
  "The requested student is not found": "quizzes:extraTime.errors.studentEmail",
};

/** Spec 8's texts with numbers in them. */
const PATTERNS: { pattern: RegExp; key: string; values: (match: RegExpExecArray) => Record<string, unknown> }[] = [
  { pattern: /^Total questions cannot be more than (\d+)$/, key: "quizzes:errors.tooManyQuestions", values: (m) => ({ n: Number(m[1]) }) },
  {
    pattern: /^You set total questions : (\d+) but you have selected only (\d+)\. Please select accordingly\.$/,
    key: "quizzes:errors.countMismatch",
    values: (m) => ({ n: Number(m[1]), m: Number(m[2]) }),
  },
];

export const QUIZ_MESSAGES = Object.keys(KEYS);

export function translateQuizMessage(t: Translate, message: string): string {
  if (KEYS[message]) return t(KEYS[message]);
  for (const { pattern, key, values } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(key, values(match));
  }
  return message;
}

/** Field errors of the wizard, each in the user's language. */
export function translateQuizErrors(t: Translate, errors: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(errors ?? {}).map(([field, message]) => [field, translateQuizMessage(t, message)]));
}
