/**
 * The category/course verbs speak the spec's English (shared with the API); the bank's
 * screens show their messages in the user's language. Unknown texts are shown as sent.
 * messages.test.ts pins these strings to the server's constants.
 */
/** What i18next's `t` is narrowed to here (its full overloads do not fit a plain function type). */
export type Translate = (key: string, values?: Record<string, string>) => string;

const EXACT: Record<string, string> = {
  "Question category is required": "bank:errors.categoryRequired",
  "Question course is required": "bank:errors.courseRequired",
  "Category must be 2 to 50 characters": "bank:errors.categoryLength",
  "Course must be 2 to 50 characters": "bank:errors.courseLength",
  "This category already has a course with this name": "bank:errors.exists",
  "Category and Course added": "bank:added",
  // The question verbs (api/services/questions/*), as literals: this module ships to the
  // browser, the services do not. messages.test.ts pins them to the services' constants.
  "Question text is required": "bank:editor.errors.questionTextRequired",
  "Question text must be at most 2000 characters": "bank:editor.errors.questionTextLength",
  "Answer type is required (radio or checkbox)": "bank:editor.errors.optionTypeRequired",
  "Answer explanation is required": "bank:editor.errors.explanationRequired",
  "Answer explanation must be at most 20000 characters": "bank:editor.errors.explanationLength",
  "A question needs 2 to 5 options": "bank:editor.errors.optionsCount",
  "Option value is empty: every option needs text": "bank:editor.errors.optionEmpty",
  "An option must be at most 500 characters": "bank:editor.errors.optionLength",
  "Option checks empty: mark exactly one option as correct": "bank:editor.errors.radioChecks",
  "Option checks empty: mark more than one option, but not all, as correct": "bank:editor.errors.checkboxChecks",
  "At most 6 tags": "bank:editor.errors.tooManyTags",
  "A tag must be 1 to 50 characters": "bank:editor.errors.tagLength",
  "This image was not found. Please upload it again": "bank:editor.errors.imageNotUploaded",
  "Sorry, the quiz is taken by one or more students, so editing questions is not allowed": "bank:editor.errors.taken",
  "This question is used in one or more quizzes and cannot be deleted": "bank:editor.errors.inUse",
  "The requested question is not found": "bank:editor.errors.notFound",
  // resolveCategoryCourse (api/services/categories): a place the business does not have.
  "This category does not exist. Please create it first": "bank:editor.errors.unknownCategory",
  "This course does not exist in the category. Please create it first": "bank:editor.errors.unknownCourse",
  "Question Added": "bank:editor.added",
  "Question Updated": "bank:editor.updated",
  "Question Deleted": "bank:editor.deleted",
};

export const BANK_MESSAGES = Object.keys(EXACT);

/**
 * A whole file refused by the import (api/services/imports: parse-csv.ts CSV_MESSAGES,
 * parse-gift.ts, import-file.ts) or by the upload, shown in the upload dialog and the
 * editor's image field. Some carry names and numbers.
 */
const PATTERNS: { pattern: RegExp; key: string; values?: (m: RegExpExecArray) => Record<string, string> }[] = [
  { pattern: /^The file is empty: it needs a header row and at least one question$/, key: "bank:upload.errors.noHeader" },
  { pattern: /^The header row is missing the columns? (.+)$/, key: "bank:upload.errors.missingColumns", values: (m) => ({ names: m[1] }) },
  { pattern: /^A file can hold at most ([\d,]+) questions; this one has ([\d,]+)\. Please split it into smaller files$/, key: "bank:upload.errors.tooManyRows", values: (m) => ({ max: m[1], count: m[2] }) },
  { pattern: /^The file has no GIFT questions$/, key: "bank:upload.errors.giftEmpty" },
  { pattern: /^The file is too large\. The maximum size is (.+)$/, key: "bank:upload.errors.tooLarge", values: (m) => ({ max: m[1] }) },
  // The upload rate and quotas (api/services/files/rules.ts UPLOAD_MESSAGES), for the import dialog and the editor's images.
  { pattern: /^Too many uploads\. Please try again in (\d+) minutes?\.$/, key: "bank:upload.errors.tooManyUploads", values: (m) => ({ minutes: m[1] }) },
  { pattern: /^Your uploaded files have reached the limit of (.+) per account$/, key: "bank:upload.errors.accountQuota", values: (m) => ({ max: m[1] }) },
  { pattern: /^The uploaded files of your school have reached the limit of (.+)$/, key: "bank:upload.errors.businessQuota", values: (m) => ({ max: m[1] }) },
];
export const UPLOAD_MESSAGE_PATTERNS = PATTERNS.map((p) => p.pattern);

export function translateBankMessage(t: Translate, message: string): string {
  const key = EXACT[message];
  if (key) return t(key);
  for (const { pattern, key: patternKey, values } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(patternKey, values?.(match));
  }
  return message;
}

/** Field errors of a form, each in the user's language. */
export function translateBankErrors(t: Translate, errors: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, translateBankMessage(t, message)]));
}
