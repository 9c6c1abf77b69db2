import { type MessageParams, renderTemplate, type Said, setMessageRenderer } from "./core/coded";
import { AppError, envelopeCodes, type ErrorEnvelope, type FieldSayings, NotFound } from "./core/errors";
import { CATEGORY_COURSE_ADDED, CATEGORY_COURSE_EXISTS, UNKNOWN_CATEGORY, UNKNOWN_COURSE } from "./categories/messages";
import { CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH } from "./categories/schemas";
import { FEEDBACK_FORM_MESSAGES } from "./feedback/messages";
import { FEEDBACK_DECISION_MESSAGES } from "./feedback/schemas";
import { FILE_MESSAGES, UPLOAD_MESSAGES } from "./files/messages";
import { IMPORT_MESSAGES } from "./imports/messages";
import { PACKAGE_MESSAGES } from "./exchange/qti/messages";
import { IMAGE_NOT_UPLOADED, OPTIONS_NOT_FOR_TYPE, QUESTION_ADDED, QUESTION_DELETED, QUESTION_IN_USE, QUESTION_TAKEN, QUESTION_UPDATED } from "./questions/messages";
import { QUESTION_MESSAGES } from "./questions/schemas";
import { STATS_MESSAGES } from "./quiz-stats/schemas";
import { EXTRA_TIME_MESSAGES } from "./extra-time/schemas";
import { EMAIL_MESSAGES } from "./mail/schemas";
import { MESSAGES as QUIZ_MESSAGES, OWN_MESSAGES as QUIZ_OWN_MESSAGES } from "./quizzes/schemas";
import {
  ALREADY_SUBSCRIBED,
  NO_BILLING_ACCOUNT,
  PLAN_NOT_ON_OFFER,
  SESSION_NOT_FOUND,
  SESSION_NOT_PAID,
  SESSION_OF_ANOTHER_USER,
  SUBSCRIPTIONS_OFF,
  WEBHOOK_NOT_CONFIGURED,
  WEBHOOK_SIGNATURE_INVALID,
} from "./payments/checkout-messages";
import {
  CURRENCY_INVALID,
  CURRENCY_LOCKED,
  KEY_TOO_LONG,
  NO_SECRET_KEY,
  PLAN_CHANGED_MEANWHILE,
  PLAN_CREATED,
  PLAN_DELETED,
  PLAN_MESSAGES,
  PLAN_UPDATED,
  PROVIDER_FAILED,
  PROVIDER_UNREACHABLE,
  KEY_REFUSED,
  KEY_ACCEPTED,
  SECRETS_KEY_MISSING,
  SETTINGS_UPDATED,
} from "./payments/messages";
import { OFFLINE_MESSAGES } from "./payments/offline-messages";
import { NOT_ONE_LINE } from "./core/single-line";
import { OWNER_PROFILE_REFUSED } from "./auth/schemas";
import { AUTH_SCHEMA_MESSAGES } from "./auth/schema-messages";
import { AUTH_MESSAGES } from "./auth/messages";
import { SIGN_IN_THROTTLED, TOO_MANY_ATTEMPTS } from "./auth/throttle-messages";
import { PERSONAL_INFORMATION_UPDATED, USERNAME_TAKEN } from "./users/account-messages";
import { ADMIN_SETTING_MESSAGES } from "./admin-settings/schemas";
import { ANSWER_KEY_MESSAGES, STUDENT_ANSWER_MESSAGES } from "./marking/messages";
import { GRADING_MESSAGES } from "./grading/messages";
import { CLASS_MESSAGES } from "./classes/messages";
import { PASS_MARK_MESSAGES } from "./pass-mark/messages";
import { REPORT_MESSAGES } from "./reports/messages";
import { QUIZ_CLASS_MESSAGES } from "./quiz-classes/messages";
import { EXPORT_QUESTION_MESSAGES } from "./exchange/export/messages";
import { LTI_REGISTRATION_MESSAGES } from "./lti/registration/messages";
import { NO_OPEN_REQUEST, OWNER_ACCOUNT_FIXED, ROLE_LEVEL_INVALID, TEACHER_REQUEST_APPROVED, TEACHER_REQUEST_REFUSED, USER_TYPE_INVALID, USER_UPDATED } from "./users/schemas";

/**
 * The stable code of each text of the payment, subscription, e-mail, question bank and quiz verbs, so that pages
 * (and other clients) say it in the reader's language by its code, never by its English
 * wording (decisions.md "Errors", docs/decisions/0034 and 0055). The English text stays the
 * services' own (the spec's words where the spec has them) and may be reworded here without
 * a client noticing; a code never changes meaning.
 *
 * A refusal carries its code as the envelope's `code` (narrower than the status's general
 * one), its field errors in `errorCodes`; a success that says something carries `code` next
 * to its `message`. A text shared by several verbs ("Minimum 2 symbols") has one code named
 * after the text, not after one of them. The generic "The requested … is not found" texts keep
 * NOT_FOUND (the exam and the feedback decide on it), except the student's, which only the
 * e-mail and extra-time forms send.
 */
/**
 * A code's English text: a string whose `{{name}}` (or `{{name, number}}`) the values fill,
 * or, where English itself changes with a value (one minute, two minutes), a function of them.
 */
export type Template = string | ((params: MessageParams) => string);

/** A code's English text with its values. */
export function renderMessage(template: Template, params: MessageParams = {}): string {
  return typeof template === "function" ? template(params) : renderTemplate(template, params);
}

export const MESSAGE_CODES = {
  // Plans (spec 5's subscription form) and payment settings (ADR 0043).
  PLAN_TITLE_REQUIRED: PLAN_MESSAGES.titleRequired,
  MIN_2_CHARACTERS: PLAN_MESSAGES.titleMin,
  MAX_40_CHARACTERS: PLAN_MESSAGES.titleMax,
  MAX_255_SYMBOLS: PLAN_MESSAGES.descriptionMax,
  PLAN_PRICE_REQUIRED: PLAN_MESSAGES.priceRequired,
  PLAN_PRICE_NOT_A_NUMBER: PLAN_MESSAGES.priceNumber,
  PLAN_PRICE_OUT_OF_RANGE: PLAN_MESSAGES.priceRange,
  PLAN_PRICE_DECIMALS: PLAN_MESSAGES.priceDecimals,
  PLAN_INTERVAL_REQUIRED: PLAN_MESSAGES.intervalRequired,
  PLAN_INTERVAL_INVALID: PLAN_MESSAGES.intervalInvalid,
  PLAN_ID_INVALID: PLAN_MESSAGES.idInvalid,
  PLAN_CREATED,
  PLAN_UPDATED,
  PLAN_DELETED,
  PAYMENT_SETTINGS_UPDATED: SETTINGS_UPDATED,
  CURRENCY_INVALID,
  PAYMENT_KEY_TOO_LONG: KEY_TOO_LONG,
  PAYMENT_SECRET_KEY_MISSING: NO_SECRET_KEY,
  CURRENCY_LOCKED,
  PAYMENT_SECRETS_KEY_MISSING: SECRETS_KEY_MISSING,
  PLAN_CHANGED_MEANWHILE,
  PAYMENT_PROVIDER_FAILED: PROVIDER_FAILED,
  // Issue 25, point 4: an unreachable provider and a refused key are not the same answer.
  PAYMENT_PROVIDER_UNREACHABLE: PROVIDER_UNREACHABLE,
  PAYMENT_KEY_REFUSED: KEY_REFUSED,
  PAYMENT_KEY_ACCEPTED: KEY_ACCEPTED,
  // Checkout, the billing portal and webhooks (ADR 0044).
  SUBSCRIPTIONS_OFF,
  PLAN_NOT_ON_OFFER,
  ALREADY_SUBSCRIBED,
  CHECKOUT_SESSION_NOT_FOUND: SESSION_NOT_FOUND,
  CHECKOUT_SESSION_OF_ANOTHER_USER: SESSION_OF_ANOTHER_USER,
  CHECKOUT_NOT_PAID: SESSION_NOT_PAID,
  NO_BILLING_ACCOUNT,
  WEBHOOK_NOT_CONFIGURED,
  WEBHOOK_SIGNATURE_INVALID,
  // Offline payment (ADR 0045).
  OFFLINE_ASKED: OFFLINE_MESSAGES.asked,
  OFFLINE_ALREADY_ASKED: OFFLINE_MESSAGES.alreadyAsked,
  OFFLINE_MARKED_PAID: OFFLINE_MESSAGES.markedPaid,
  OFFLINE_REFUSED: OFFLINE_MESSAGES.refused,
  OFFLINE_NOT_ON_SALE: OFFLINE_MESSAGES.notOnSale,
  OFFLINE_NOT_PENDING: OFFLINE_MESSAGES.notPending,
  OFFLINE_ID_INVALID: OFFLINE_MESSAGES.idInvalid,
  OFFLINE_PLAN_ID_INVALID: OFFLINE_MESSAGES.planIdInvalid,
  OFFLINE_PERIOD_START_INVALID: OFFLINE_MESSAGES.periodStartInvalid,
  OFFLINE_PERIOD_END_INVALID: OFFLINE_MESSAGES.periodEndInvalid,
  OFFLINE_PERIOD_ORDER: OFFLINE_MESSAGES.periodOrder,
  OFFLINE_PERIOD_TOO_LONG: OFFLINE_MESSAGES.periodTooLong,
  OFFLINE_PERIOD_OVER: OFFLINE_MESSAGES.periodOver,
  OFFLINE_STATUS_INVALID: OFFLINE_MESSAGES.statusInvalid,
  // The question bank: categories and courses, questions (spec 4 and 6).
  CATEGORY_REQUIRED,
  COURSE_REQUIRED,
  CATEGORY_NAME_LENGTH: NAME_LENGTH("Category"),
  COURSE_NAME_LENGTH: NAME_LENGTH("Course"),
  CATEGORY_COURSE_EXISTS,
  CATEGORY_COURSE_ADDED,
  UNKNOWN_CATEGORY,
  UNKNOWN_COURSE,
  QUESTION_TEXT_REQUIRED: QUESTION_MESSAGES.questionTextRequired,
  QUESTION_TEXT_TOO_LONG: QUESTION_MESSAGES.questionTextLength,
  QUESTION_OPTION_TYPE_REQUIRED: QUESTION_MESSAGES.optionTypeRequired,
  QUESTION_EXPLANATION_REQUIRED: QUESTION_MESSAGES.explanationRequired,
  QUESTION_EXPLANATION_TOO_LONG: QUESTION_MESSAGES.explanationLength,
  QUESTION_OPTIONS_COUNT: QUESTION_MESSAGES.optionsCount,
  QUESTION_OPTION_EMPTY: QUESTION_MESSAGES.optionEmpty,
  QUESTION_OPTION_TOO_LONG: QUESTION_MESSAGES.optionLength,
  QUESTION_OPTION_STATUS_INVALID: QUESTION_MESSAGES.optionStatus,
  QUESTION_RADIO_CHECKS: QUESTION_MESSAGES.radioChecks,
  QUESTION_CHECKBOX_CHECKS: QUESTION_MESSAGES.checkboxChecks,
  QUESTION_TOO_MANY_TAGS: QUESTION_MESSAGES.tooManyTags,
  QUESTION_TAG_LENGTH: QUESTION_MESSAGES.tagLength,
  QUESTION_IMAGE_KEY_INVALID: QUESTION_MESSAGES.imageKey,
  QUESTION_OPTIONS_NOT_FOR_TYPE: OPTIONS_NOT_FOR_TYPE,
  IMAGE_NOT_UPLOADED,
  // Also the quiz verbs' refusal when a taken quiz's questions would change (spec 8).
  QUESTIONS_LOCKED_BY_ATTEMPTS: QUESTION_TAKEN,
  QUESTION_IN_USE,
  QUESTION_ADDED,
  QUESTION_UPDATED,
  QUESTION_DELETED,
  // The stats page's bulk status change (our own texts).
  STATS_IDS_REQUIRED: STATS_MESSAGES.idsRequired,
  STATS_STATUS_INVALID: STATS_MESSAGES.statusInvalid,
  STATS_NOT_FINISHED: STATS_MESSAGES.notFinishedOfQuiz,
  // Quizzes (spec 5 and 8, verbatim; and our own where the spec has none), the ones a page can show.
  QUIZ_CATEGORY_REQUIRED: QUIZ_MESSAGES.categoryRequired,
  QUIZ_COURSE_REQUIRED: QUIZ_MESSAGES.courseRequired,
  QUIZ_TIME_REQUIRED: QUIZ_MESSAGES.timeRequired,
  QUIZ_ATTEMPTS_REQUIRED: QUIZ_MESSAGES.attemptsRequired,
  QUIZ_STATUS_REQUIRED: QUIZ_MESSAGES.statusRequired,
  QUIZ_ALLOW_SKIP_REQUIRED: QUIZ_MESSAGES.allowSkipRequired,
  QUIZ_TAKE_BEST_SCORE_REQUIRED: QUIZ_MESSAGES.takeBestScoreRequired,
  QUIZ_NEGATIVE_MARKING_REQUIRED: QUIZ_MESSAGES.negativeMarkingRequired,
  QUIZ_TIME_TYPE_REQUIRED: QUIZ_MESSAGES.timeTypeRequired,
  QUIZ_START_DATE_REQUIRED: QUIZ_MESSAGES.startDateRequired,
  QUIZ_END_DATE_REQUIRED: QUIZ_MESSAGES.endDateRequired,
  QUIZ_START_AFTER_END: QUIZ_MESSAGES.startAfterEnd,
  QUIZ_WRONG_ANSWERS_REQUIRED: QUIZ_MESSAGES.wrongAnswersRequired,
  QUIZ_NO_QUESTIONS: QUIZ_MESSAGES.noQuestions,
  QUIZ_ONE_SHOULD_REMAIN: QUIZ_MESSAGES.oneQuizShouldRemain,
  QUIZ_NOT_EDITABLE: QUIZ_MESSAGES.notEditable,
  QUIZ_NOT_DELETABLE: QUIZ_MESSAGES.notDeletable,
  QUIZ_ADDED: QUIZ_MESSAGES.added,
  QUIZ_UPDATED: QUIZ_MESSAGES.updated,
  QUIZ_DELETED: QUIZ_MESSAGES.deleted,
  QUIZ_NAME_REQUIRED: QUIZ_OWN_MESSAGES.quizNameRequired,
  QUIZ_DESCRIPTION_REQUIRED: QUIZ_OWN_MESSAGES.quizDescriptionRequired,
  MAX_500_SYMBOLS: QUIZ_OWN_MESSAGES.maximum,
  QUIZ_LEVEL_REQUIRED: QUIZ_OWN_MESSAGES.levelRequired,
  QUIZ_TOTAL_QUESTIONS_INVALID: QUIZ_OWN_MESSAGES.totalQuestionInvalid,
  QUIZ_TIME_INVALID: QUIZ_OWN_MESSAGES.timeInvalid,
  QUIZ_ATTEMPTS_INVALID: QUIZ_OWN_MESSAGES.attemptsInvalid,
  QUIZ_START_DATE_INVALID: QUIZ_OWN_MESSAGES.dateInvalid("Start date"),
  QUIZ_END_DATE_INVALID: QUIZ_OWN_MESSAGES.dateInvalid("End date"),
  QUIZ_WRONG_ANSWERS_INVALID: QUIZ_OWN_MESSAGES.wrongAnswersInvalid,
  QUIZ_PASSWORD_TOO_LONG: QUIZ_OWN_MESSAGES.passwordTooLong,
  QUIZ_UNKNOWN_CATEGORY_COURSE: QUIZ_OWN_MESSAGES.unknownCategoryCourse,
  QUIZ_UNKNOWN_QUESTIONS: QUIZ_OWN_MESSAGES.unknownQuestions,
  QUIZ_UNKNOWN_QUIZZES: QUIZ_OWN_MESSAGES.unknownQuizzes,
  QUIZ_QUESTIONS_NOT_FROM_SOURCES: QUIZ_OWN_MESSAGES.notFromSources,
  QUIZ_UNKNOWN_PROFILES: QUIZ_OWN_MESSAGES.unknownProfiles,
  QUIZ_UNKNOWN_DEPARTMENTS: QUIZ_OWN_MESSAGES.unknownDepartments,
  QUIZ_SHOW_ANSWERS_AFTER_CLOSE_NEEDS_DATE_RANGE: QUIZ_OWN_MESSAGES.afterQuizClosesNeedsDateRange,
  // Spec 8's texts with numbers: { n } the total questions set, { m } the questions selected.
  QUIZ_TOO_MANY_QUESTIONS: QUIZ_MESSAGES.tooManyQuestions,
  QUIZ_COUNT_MISMATCH: QUIZ_MESSAGES.countMismatch,
  // Random papers (ADR 0077): { max } a limit; { n } the draw's number, { count } asked, { available } sure to be left.
  QUIZ_DRAW_COUNT_INVALID: "A draw's number of questions must be a whole number from 1 to {{max}}",
  QUIZ_DRAW_TAG_INVALID: "A draw's tag must be text of at most {{max}} characters",
  QUIZ_TOO_MANY_DRAWS: "A quiz may have at most {{max}} draws",
  QUIZ_DRAWS_INVALID: "draws must be a list of { category, course?, tag?, count }",
  QUIZ_SHUFFLE_QUESTIONS_INVALID: "Shuffle questions must be Yes or No",
  QUIZ_DRAW_TOO_FEW_QUESTIONS: "Draw {{n}} asks for {{count}} questions, but only {{available}} of its part of the bank are sure to be left for it (the quiz's own questions and the draws before it come first)",
  QUIZ_DRAWS_PART_TOO_LARGE: "The draws may draw from at most {{max}} questions in all: narrow a draw with a course or a tag",
  // A whole import file refused (CSV or GIFT): { names, count } the missing columns, { max, count } the questions.
  IMPORT_FILE_EMPTY: IMPORT_MESSAGES.noHeader,
  IMPORT_MISSING_COLUMNS: IMPORT_MESSAGES.missingColumns,
  IMPORT_TOO_MANY_ROWS: IMPORT_MESSAGES.tooManyRows,
  IMPORT_NO_GIFT_QUESTIONS: IMPORT_MESSAGES.noGiftQuestions,
  // A ZIP or QTI package refused as a whole (issue 28, ADR 0084): { max } a cap, { name } the file, { detail } the parser's words.
  ZIP_NOT_A_ZIP: PACKAGE_MESSAGES.notZip,
  ZIP_UNREADABLE: PACKAGE_MESSAGES.unreadable,
  ZIP_TOO_MANY_ENTRIES: PACKAGE_MESSAGES.tooManyEntries,
  ZIP_TOO_LARGE: PACKAGE_MESSAGES.tooLarge,
  ZIP_ENTRY_TOO_LARGE: PACKAGE_MESSAGES.entryTooLarge,
  ZIP_UNSAFE_PATH: PACKAGE_MESSAGES.unsafePath,
  QTI_NO_MANIFEST: PACKAGE_MESSAGES.noManifest,
  QTI_BAD_MANIFEST: PACKAGE_MESSAGES.badManifest,
  QTI_NO_ITEMS: PACKAGE_MESSAGES.noItems,
  QTI_MISSING_FILE: PACKAGE_MESSAGES.missingFile,
  QTI_XML_ENTITIES: PACKAGE_MESSAGES.entities,
  // Moodle XML (ADR 0083); the XML ones are every XML format's.
  IMPORT_XML_ENTITIES: IMPORT_MESSAGES.xmlEntities,
  IMPORT_XML_MALFORMED: IMPORT_MESSAGES.xmlMalformed,
  IMPORT_NOT_MOODLE_XML: IMPORT_MESSAGES.notMoodleXml,
  IMPORT_NO_MOODLE_XML_QUESTIONS: IMPORT_MESSAGES.noMoodleXmlQuestions,
  // Uploads (question images, import files): { max } a size, { minutes } the wait.
  FILE_TOO_LARGE: FILE_MESSAGES.tooLarge,
  FILE_MAX_SIZE: FILE_MESSAGES.maxSize,
  TOO_MANY_UPLOADS: UPLOAD_MESSAGES.tooMany,
  UPLOAD_ACCOUNT_QUOTA: UPLOAD_MESSAGES.accountQuota,
  UPLOAD_BUSINESS_QUOTA: UPLOAD_MESSAGES.businessQuota,
  // The student's feedback on a question (the result page); { minutes } the wait.
  FEEDBACK_TEXT_REQUIRED: FEEDBACK_FORM_MESSAGES.textRequired,
  FEEDBACK_TEXT_TOO_LONG: FEEDBACK_FORM_MESSAGES.textTooLong,
  TOO_MUCH_FEEDBACK: FEEDBACK_FORM_MESSAGES.tooMuch,
  // The teacher's decision on a feedback (docs/decisions/0040).
  FEEDBACK_ACCEPTED: FEEDBACK_DECISION_MESSAGES.Accepted,
  FEEDBACK_REJECTED: FEEDBACK_DECISION_MESSAGES.Rejected,
  FEEDBACK_REOPENED: FEEDBACK_DECISION_MESSAGES.Pending,
  FEEDBACK_REOPEN_FIRST: FEEDBACK_DECISION_MESSAGES.reopenFirst,
  // Extra time (decisions.md "Extra time").
  EXTRA_TIME_SAVED: EXTRA_TIME_MESSAGES.saved,
  EXTRA_TIME_REMOVED: EXTRA_TIME_MESSAGES.removed,
  EXTRA_TIME_FACTOR_RANGE: EXTRA_TIME_MESSAGES.factorRange,
  EXTRA_TIME_NO_SUCH_STUDENT: EXTRA_TIME_MESSAGES.studentEmail,
  // E-mail to a student (spec 7 sendEmail).
  EMAIL_SENT: EMAIL_MESSAGES.sent,
  EMAIL_SUBJECT_REQUIRED: EMAIL_MESSAGES.subjectRequired,
  MIN_2_SYMBOLS: EMAIL_MESSAGES.subjectShort,
  MAX_50_SYMBOLS: EMAIL_MESSAGES.subjectLong,
  EMAIL_SUBJECT_ONE_LINE: EMAIL_MESSAGES.subjectOneLine,
  EMAIL_STUDENT_NAME_REQUIRED: EMAIL_MESSAGES.nameRequired,
  EMAIL_STUDENT_EMAIL_REQUIRED: EMAIL_MESSAGES.emailRequired,
  EMAIL_STUDENT_EMAIL_INVALID: EMAIL_MESSAGES.emailInvalid,
  EMAIL_MESSAGE_REQUIRED: EMAIL_MESSAGES.messageRequired,
  EMAIL_MESSAGE_TOO_LONG: EMAIL_MESSAGES.messageTooLong,
  EMAIL_QUIZ_ID_INVALID: EMAIL_MESSAGES.quizIdInvalid,
  EMAIL_NOT_A_STUDENT: EMAIL_MESSAGES.notAStudent,
  // The recipient is not one of the business's students (sendEmail; extra time's e-mail too).
  STUDENT_NOT_FOUND: new NotFound("student").message,
  // Names and accounts (issue 25, points 16 and 17; docs/decisions/0060): every single-line
  // name field's refusal of control characters and line breaks, a username another account of
  // the business has in any case, the owner profile asked of create_user_with_userdata.
  TEXT_NOT_ONE_LINE: NOT_ONE_LINE,
  USERNAME_TAKEN,
  // The profile form's answer (docs/decisions/0046; 200 gains `code`).
  PERSONAL_INFORMATION_UPDATED,
  OWNER_PROFILE_REFUSED,
  // The owner's users page (docs/decisions/0029): teacher requests and role changes. The
  // owner's account refusal is thrown by the permissions module with its code (it renders the
  // English through this catalogue's renderer, core/coded.ts).
  TEACHER_REQUEST_APPROVED,
  TEACHER_REQUEST_REFUSED,
  USER_UPDATED,
  NO_TEACHER_REQUEST: NO_OPEN_REQUEST,
  OWNER_ACCOUNT_FIXED,
  // The page's own field checks (users/schemas.ts UserRoleUpdate, by `schemaMessage`).
  USER_TYPE_INVALID,
  USER_ROLE_LEVEL_INVALID: ROLE_LEVEL_INVALID,
  // Sign-in (the account and sign-in pages): { minutes } the throttle's wait.
  SIGN_IN_THROTTLED,
  // Every other limit's default 429 (rate-limit.ts): registration, password resets, the
  // verification resend, the password meter, certificate verification; { minutes }.
  TOO_MANY_ATTEMPTS,
  // The owner's quiz settings (spec 2.6 and 8).
  ...ADMIN_SETTING_MESSAGES,
  // Issue 26: the question types' keys (the editor, the imports) and a student's answers (the exam); ADR 0065.
  ...ANSWER_KEY_MESSAGES,
  ...STUDENT_ANSWER_MESSAGES,
  // Manual grading (ADR 0069).
  ...GRADING_MESSAGES,
  // The account forms' checks (auth/schemas.ts; spec 5's '{name} is required'): { field } names
  // the field (auth/schema-messages.ts AUTH_FIELD_NAMES), { max } / { min } a length.
  ...AUTH_SCHEMA_MESSAGES,
  // The auth verbs' texts (sign-in, registration, resets, e-mail confirmation, the provider,
  // the Security forms, two-step sign-in); { email } the address no account has.
  ...AUTH_MESSAGES,
  // Classes (issue 27 point 1, ADR 0075): { min, max } a length, { added, removed } the roster change.
  ...CLASS_MESSAGES,
  // Issue 27 points 4 and 7: the pass mark, what a certificate certifies, the board's privacy (ADR 0076).
  ...PASS_MARK_MESSAGES,
  // Issue 27 point 5: reports and quiz duplication (ADR 0081); { max } the report's cap.
  ...REPORT_MESSAGES,
  // Issue 27 point 2: quizzes set for classes and per-student overrides (ADR 0079).
  ...QUIZ_CLASS_MESSAGES,
  // Issue 28 point 3: the question export (ADR 0085); { max, count } the cap and the bank's count.
  ...EXPORT_QUESTION_MESSAGES,
  // Issue 29 points 1 and 3: LTI platforms, dynamic registration, the tool's keys, deep linking (ADR 0088).
  ...LTI_REGISTRATION_MESSAGES,
} satisfies Record<string, Template>;

export type MessageCode = keyof typeof MESSAGE_CODES;
export const MESSAGE_CODE_NAMES = Object.keys(MESSAGE_CODES) as [MessageCode, ...MessageCode[]];

/** A text said by its code: what a thrower gives an error, a verb its answer, a zod check its message (see `schemaMessage`). */
export interface SaidAs<C extends MessageCode = MessageCode> extends Said {
  readonly code: C;
}

/**
 * A message by its code and values, its English text rendered from the code's template
 * (`{{max}}`, `{{max, number}}`): `throw new Invalid(say("QUIZ_TOO_MANY_QUESTIONS", { n: 7 }))`.
 * The envelope carries the code and values; a client translates those, never the text
 * (docs/decisions/0061-codes-and-params.md).
 */
export function say<C extends MessageCode>(code: C, params?: MessageParams): SaidAs<C> {
  const message = renderMessage(MESSAGE_CODES[code], params);
  return params ? { code, params, message } : { code, message };
}

// The services' base renders the coded messages of zod schemas with the catalogue (core/coded.ts).
setMessageRenderer((code, params) => (Object.hasOwn(MESSAGE_CODES, code) ? renderMessage(MESSAGE_CODES[code as MessageCode], params) : undefined));

/** Field errors as an answer sends them: English texts, and the codes and values of those said by code. */
export function fieldAnswers(sayings: FieldSayings): Pick<ErrorEnvelope<MessageCode>, "errors" | "errorCodes" | "errorParams"> {
  const error = new AppError(400, "", sayings);
  const { errorCodes, errorParams } = refusalCodes(error);
  return { errors: error.fieldErrors ?? {}, ...(errorCodes ? { errorCodes } : {}), ...(errorParams ? { errorParams } : {}) };
}

/**
 * The codes a refusal is sent with: its own narrower code when the thrower named one (the
 * exam's, sign-in's), else its text's code when it was said by one (`say`, `schemaMessage`),
 * else the status's general code; its values; and the codes and values of its fields said by
 * code. Nothing is worked out of an English text: a plain text keeps its status's general code
 * (docs/decisions/0061-codes-and-params.md).
 */
export function refusalCodes(error: AppError): Pick<ErrorEnvelope<MessageCode>, "code" | "params" | "errorCodes" | "errorParams"> {
  // The base types a text's code as any string (it names no service above it); these are this catalogue's.
  return envelopeCodes(error) as Pick<ErrorEnvelope<MessageCode>, "code" | "params" | "errorCodes" | "errorParams">;
}
