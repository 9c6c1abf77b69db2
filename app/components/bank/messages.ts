/**
 * The category/course verbs speak the spec's English (shared with the API); the bank's
 * screens show their messages in the user's language. Unknown texts are shown as sent.
 * messages.test.ts pins these strings to the server's constants.
 */
/** What i18next's `t` is narrowed to here (its full overloads do not fit a plain function type). */
export type Translate = (key: string) => string;

const EXACT: Record<string, string> = {
  "Question category is required": "bank:errors.categoryRequired",
  "Question course is required": "bank:errors.courseRequired",
  "Category must be 2 to 50 characters": "bank:errors.categoryLength",
  "Course must be 2 to 50 characters": "bank:errors.courseLength",
  "This category already has a course with this name": "bank:errors.exists",
  "Category and Course added": "bank:added",
};

export const BANK_MESSAGES = Object.keys(EXACT);

export function translateBankMessage(t: Translate, message: string): string {
  const key = EXACT[message];
  return key ? t(key) : message;
}

/** Field errors of a form, each in the user's language. */
export function translateBankErrors(t: Translate, errors: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateBankMessage(t, message)]));
}
