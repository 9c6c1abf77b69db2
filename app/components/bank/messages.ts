import { type CodeKeys, keyOfCode } from "../../utils/message-codes";

/**
 * The bank's answers in the user's language. The category/course and question verbs' texts
 * by their code (api/services/message-codes.ts, docs/decisions/0055); the whole-file refusals
 * of the import and the upload below still by their text, since they carry names and numbers
 * that have no place in the envelope yet. Unknown answers are shown as sent.
 */
/** What i18next's `t` is narrowed to here (its full overloads do not fit a plain function type). */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** The bank verbs' codes → keys of locales/<lang>/bank.json. */
export const BANK_CODE_KEYS: CodeKeys = {
  CATEGORY_REQUIRED: "bank:errors.categoryRequired",
  COURSE_REQUIRED: "bank:errors.courseRequired",
  CATEGORY_NAME_LENGTH: "bank:errors.categoryLength",
  COURSE_NAME_LENGTH: "bank:errors.courseLength",
  TEXT_NOT_ONE_LINE: "bank:errors.notOneLine",
  CATEGORY_COURSE_EXISTS: "bank:errors.exists",
  CATEGORY_COURSE_ADDED: "bank:added",
  QUESTION_TEXT_REQUIRED: "bank:editor.errors.questionTextRequired",
  QUESTION_TEXT_TOO_LONG: "bank:editor.errors.questionTextLength",
  QUESTION_OPTION_TYPE_REQUIRED: "bank:editor.errors.optionTypeRequired",
  QUESTION_EXPLANATION_REQUIRED: "bank:editor.errors.explanationRequired",
  QUESTION_EXPLANATION_TOO_LONG: "bank:editor.errors.explanationLength",
  QUESTION_OPTIONS_COUNT: "bank:editor.errors.optionsCount",
  QUESTION_OPTION_EMPTY: "bank:editor.errors.optionEmpty",
  QUESTION_OPTION_TOO_LONG: "bank:editor.errors.optionLength",
  QUESTION_RADIO_CHECKS: "bank:editor.errors.radioChecks",
  QUESTION_CHECKBOX_CHECKS: "bank:editor.errors.checkboxChecks",
  QUESTION_TOO_MANY_TAGS: "bank:editor.errors.tooManyTags",
  QUESTION_TAG_LENGTH: "bank:editor.errors.tagLength",
  IMAGE_NOT_UPLOADED: "bank:editor.errors.imageNotUploaded",
  QUESTIONS_LOCKED_BY_ATTEMPTS: "bank:editor.errors.taken",
  QUESTION_IN_USE: "bank:editor.errors.inUse",
  // resolveCategoryCourse (api/services/categories): a place the business does not have.
  UNKNOWN_CATEGORY: "bank:editor.errors.unknownCategory",
  UNKNOWN_COURSE: "bank:editor.errors.unknownCourse",
  QUESTION_ADDED: "bank:editor.added",
  QUESTION_UPDATED: "bank:editor.updated",
  QUESTION_DELETED: "bank:editor.deleted",
};

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

/** An answer in the user's language: by its code, else (a whole-file refusal) by its pattern, else as sent. */
export function translateBankMessage(t: Translate, answer: { message: string; code?: string }): string {
  // The bank's pages ask for questions only: a 404 is a question that is gone.
  if (answer.code === "NOT_FOUND") return t("bank:editor.errors.notFound");
  const key = keyOfCode(BANK_CODE_KEYS, answer.code);
  if (key) return t(key);
  for (const { pattern, key: patternKey, values } of PATTERNS) {
    const match = pattern.exec(answer.message);
    if (match) return t(patternKey, values?.(match));
  }
  return answer.message;
}

/** Field errors of a form, each in the user's language by its code (`errorCodes`). */
export function translateBankErrors(t: Translate, failure: { errors?: Record<string, string>; errorCodes?: Record<string, string> } | undefined): Record<string, string> | undefined {
  if (!failure?.errors) return undefined;
  return Object.fromEntries(Object.entries(failure.errors).map(([field, message]) => [field, translateBankMessage(t, { message, code: failure.errorCodes?.[field] })]));
}
