import { NAME_LIMITS } from "../categories/schemas";
import { isSaid } from "../core/coded";
import type { FieldSayings, Saying } from "../core/errors";
import { ANSWER_KEY_MESSAGES } from "../marking/messages";
import { QUESTION_CODES, QUESTION_LIMITS } from "../questions/schemas";
import type { QtiReason } from "../exchange/qti/item-to-question";

/**
 * Why an import rejected a row (CSV) or a question (GIFT), as a code with its values, so the
 * summary e-mail can say it in the teacher's language (locales/<lang>/imports.json, key
 * `reasons.<code>`). `column` names the CSV column it concerns; column names are the file's
 * own and are not translated.
 */
export interface RowProblem {
  code: ReasonCode;
  values?: Record<string, string | number>;
  column?: string;
}

type QuestionRuleCode = keyof typeof QUESTION_CODES;
export type ReasonCode =
  | QuestionRuleCode
  | "categoryRequired"
  | "courseRequired"
  | "categoryLength"
  | "courseLength"
  | "unknownCategory"
  | "unknownCourse"
  | "brokenQuoting"
  | "wrongCellCount"
  | "correctColumn"
  | "csvTrueFalseCorrect"
  | "csvPerAnswer"
  | "csvTypeNotInCsv"
  | "giftUnsupported"
  | "giftDescription"
  | "giftSyntax"
  | "optionsNotForType"
  | "notOneLine"
  /** A type's answer-key rule (api/services/marking, ADR 0065): `answerKey.pairsCount` for ANSWER_KEY_PAIRS_COUNT. */
  | `answerKey.${string}`
  /** A message no code is known for: shown as sent (English). reasons.test.ts keeps this empty for the rules. */
  | "other"
  /** An image an imported question carries (Moodle XML, QTI; imports/import-files.ts), refused by the upload rules: { name }, and { max } when too large. */
  | "importFileNotImage"
  | "importFileTooLarge"
  | "importFileQuota"
  | "importFileMissing"
  /** An IMS QTI item that cannot be a question (exchange/qti/item-to-question.ts), each with its `item` path. */
  | QtiReason
  /** A Moodle XML question that cannot be said here (exchange/moodlexml, ADR 0083): { type }, { count }, { grading }, { gap, type } as named. */
  | "moodleXmlDescription"
  | "moodleXmlUnsupported"
  | "moodleXmlPartialCredit"
  | "moodleXmlCreditsNotWhole"
  | "moodleXmlAnyAnswerCredit"
  | "moodleXmlUnitPenaltyOfResponse"
  | "moodleXmlOrderingGrading"
  | "moodleXmlOrderingSubset"
  | "moodleXmlClozeGap"
  | "moodleXmlEssayAttachments"
  | "moodleXmlImages"
  | "moodleXmlImageInAnswer";

const Q = QUESTION_LIMITS;
/** The numbers the question rules' messages carry, as placeholders of their translations. */
const QUESTION_RULE_VALUES: Record<QuestionRuleCode, Record<string, number>> = {
  questionTextRequired: {},
  questionTextLength: { max: Q.questionText },
  optionTypeRequired: {},
  explanationRequired: {},
  explanationLength: { max: Q.explanation },
  optionsCount: { min: Q.minOptions, max: Q.maxOptions },
  optionEmpty: {},
  optionLength: { max: Q.optionText },
  optionStatus: {},
  radioChecks: {},
  checkboxChecks: {},
  tooManyTags: { max: Q.maxTags },
  tagLength: { max: Q.tagLength },
  imageKey: {},
};

const NAMES = { min: NAME_LIMITS.min, max: NAME_LIMITS.max };

/**
 * The codes the question rules (validateQuestion) and the place lookup (resolveCategoryCourse)
 * say their texts by (api/services/message-codes.ts), as the reasons of a rejected row. Code to
 * code: a rule's English text is never read here, so rewording it changes no reason.
 */
const REASON_OF_CODE = new Map<string, Omit<RowProblem, "column">>([
  ...(Object.keys(QUESTION_CODES) as QuestionRuleCode[]).map((reason) => [QUESTION_CODES[reason], { code: reason, values: QUESTION_RULE_VALUES[reason] }] as const),
  ["CATEGORY_REQUIRED", { code: "categoryRequired" }],
  ["COURSE_REQUIRED", { code: "courseRequired" }],
  ["CATEGORY_NAME_LENGTH", { code: "categoryLength", values: NAMES }],
  ["COURSE_NAME_LENGTH", { code: "courseLength", values: NAMES }],
  ["UNKNOWN_CATEGORY", { code: "unknownCategory" }],
  ["UNKNOWN_COURSE", { code: "unknownCourse" }],
  ["QUESTION_OPTIONS_NOT_FOR_TYPE", { code: "optionsNotForType" }],
  ["TEXT_NOT_ONE_LINE", { code: "notOneLine" }],
]);

/** ANSWER_KEY_UNIT_REQUIRED_WITHOUT_UNITS → answerKey.unitRequiredWithoutUnits: the editor's key names (locales bank.json "answerKey"), kept in imports.json "reasons.answerKey". */
const answerKeyReason = (code: string) => `answerKey.${code.slice("ANSWER_KEY_".length).toLowerCase().replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}` as const;
const ANSWER_KEY_CODES = new Set(Object.keys(ANSWER_KEY_MESSAGES));

/**
 * One refusal of the question rules or the place lookup as a problem, by its code; one whose
 * code names no reason (or a plain text) is kept as its English text ("other").
 */
export function ruleProblem(saying: Saying, column?: string): RowProblem {
  // An answer-key rule carries its own values (the limit it names), said with it.
  const keyed = isSaid(saying) && ANSWER_KEY_CODES.has(saying.code) ? { code: answerKeyReason(saying.code), ...(saying.params ? { values: { ...saying.params } } : {}) } : undefined;
  const known = keyed ?? (isSaid(saying) ? REASON_OF_CODE.get(saying.code) : undefined);
  const problem: RowProblem = known ? { ...known } : { code: "other", values: { text: isSaid(saying) ? saying.message : saying } };
  return column === undefined ? problem : { ...problem, column };
}

/**
 * validateQuestion's field errors (path → what it said) as problems, the path named as the
 * import file names it (a CSV column; `_`, the whole question, names none).
 */
export function ruleProblems(errors: FieldSayings, columnOf: (path: string) => string = (path) => path): RowProblem[] {
  return Object.entries(errors).map(([path, saying]) => ruleProblem(saying, path === "_" ? undefined : columnOf(path)));
}
