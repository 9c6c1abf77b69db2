import { type CodedAnswer, type CodedFields, type CodeKeys, fieldAnswer, sayAnswer } from "../../utils/message-codes";
import { ANSWER_KEY_CODE_KEYS } from "./answer-key-messages";

/**
 * The bank's answers in the user's language, by their code and values (api/services/message-codes.ts,
 * docs/decisions/0055 and 0061): the category/course and question verbs' texts, and the
 * import's and the upload's whole-file refusals with their names and numbers. Unknown answers
 * are shown as sent.
 */
/** What i18next's `t` is narrowed to here (its full overloads do not fit a plain function type). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

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
  QUESTION_OPTIONS_NOT_FOR_TYPE: "bank:editor.errors.optionsNotForType",
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
  // A whole file refused by the import (CSV or GIFT) or the upload, in the upload dialog and the editor's image field.
  IMPORT_FILE_EMPTY: "bank:upload.errors.noHeader",
  IMPORT_MISSING_COLUMNS: "bank:upload.errors.missingColumns",
  IMPORT_TOO_MANY_ROWS: "bank:upload.errors.tooManyRows",
  IMPORT_NO_GIFT_QUESTIONS: "bank:upload.errors.giftEmpty",
  // An IMS QTI package refused as a whole (issue 28, ADR 0084).
  ZIP_NOT_A_ZIP: "bank:qti.errors.notZip",
  ZIP_UNREADABLE: "bank:qti.errors.unreadable",
  ZIP_TOO_MANY_ENTRIES: "bank:qti.errors.tooManyEntries",
  ZIP_TOO_LARGE: "bank:qti.errors.tooLarge",
  ZIP_ENTRY_TOO_LARGE: "bank:qti.errors.entryTooLarge",
  ZIP_UNSAFE_PATH: "bank:qti.errors.unsafePath",
  QTI_NO_MANIFEST: "bank:qti.errors.noManifest",
  QTI_BAD_MANIFEST: "bank:qti.errors.badManifest",
  QTI_NO_ITEMS: "bank:qti.errors.noItems",
  QTI_MISSING_FILE: "bank:qti.errors.missingFile",
  QTI_XML_ENTITIES: "bank:qti.errors.entities",
  IMPORT_XML_ENTITIES: "bank:moodleXml.errors.entities",
  IMPORT_XML_MALFORMED: "bank:moodleXml.errors.malformed",
  IMPORT_NOT_MOODLE_XML: "bank:moodleXml.errors.notMoodleXml",
  IMPORT_NO_MOODLE_XML_QUESTIONS: "bank:moodleXml.errors.empty",
  FILE_TOO_LARGE: "bank:upload.errors.tooLarge",
  FILE_MAX_SIZE: "bank:upload.errors.tooLarge",
  TOO_MANY_UPLOADS: "bank:upload.errors.tooManyUploads",
  UPLOAD_ACCOUNT_QUOTA: "bank:upload.errors.accountQuota",
  UPLOAD_BUSINESS_QUOTA: "bank:upload.errors.businessQuota",
  // The question types' answer keys (issue 26, ADR 0065).
  ...ANSWER_KEY_CODE_KEYS,
  // The question export (issue 28 point 3, ADR 0085).
  QUESTION_EXPORT_FORMAT_INVALID: "bank:exportQuestions.errors.format",
  QUESTION_EXPORT_IDS_INVALID: "bank:exportQuestions.errors.ids",
  QUESTION_EXPORT_TOO_MANY: "bank:exportQuestions.errors.tooMany",
  QUESTION_EXPORT_IMAGES_TOO_LARGE: "bank:exportQuestions.errors.imagesTooLarge",
};

/** An answer in the user's language, by its code and values (`params`), else as sent. */
export function translateBankMessage(t: Translate, answer: CodedAnswer): string {
  // The bank's pages ask for questions only: a 404 is a question that is gone.
  if (answer.code === "NOT_FOUND") return t("bank:editor.errors.notFound");
  return sayAnswer(t, BANK_CODE_KEYS, answer);
}

/** Field errors of a form, each in the user's language by its code (`errorCodes`). */
export function translateBankErrors(t: Translate, failure: CodedFields | undefined): Record<string, string> | undefined {
  if (!failure?.errors) return undefined;
  return Object.fromEntries(Object.keys(failure.errors).map((field) => [field, translateBankMessage(t, fieldAnswer(failure, field))]));
}
