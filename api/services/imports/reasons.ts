import { CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH, NAME_LIMITS } from "../categories/schemas";
import { UNKNOWN_CATEGORY, UNKNOWN_COURSE } from "../categories/resolve-category-course";
import { QUESTION_LIMITS, QUESTION_MESSAGES } from "../questions/schemas";

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

type QuestionRuleCode = keyof typeof QUESTION_MESSAGES;
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
  | "giftUnsupported"
  | "giftSyntax"
  /** A message no code is known for: shown as sent (English). reasons.test.ts keeps this empty for the rules. */
  | "other";

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
 * The messages of the question rules (validateQuestion) and of the place lookup
 * (resolveCategoryCourse), by their English text, as the codes of their translations. Built
 * from the rules' own constants: a rule is never restated here, only named.
 */
const RULE_CODES = new Map<string, Omit<RowProblem, "column">>([
  ...(Object.keys(QUESTION_MESSAGES) as QuestionRuleCode[]).map(
    (code) => [QUESTION_MESSAGES[code], { code, values: QUESTION_RULE_VALUES[code] }] as const,
  ),
  [CATEGORY_REQUIRED, { code: "categoryRequired" }],
  [COURSE_REQUIRED, { code: "courseRequired" }],
  [NAME_LENGTH("Category"), { code: "categoryLength", values: NAMES }],
  [NAME_LENGTH("Course"), { code: "courseLength", values: NAMES }],
  [UNKNOWN_CATEGORY, { code: "unknownCategory" }],
  [UNKNOWN_COURSE, { code: "unknownCourse" }],
]);

/** One message of the question rules or the place lookup as a problem (an unknown one is kept as text). */
export function ruleProblem(message: string, column?: string): RowProblem {
  const known = RULE_CODES.get(message);
  const problem: RowProblem = known ? { ...known } : { code: "other", values: { text: message } };
  return column === undefined ? problem : { ...problem, column };
}

/**
 * validateQuestion's field errors (path → message) as problems, the path named as the
 * import file names it (a CSV column; `_`, the whole question, names none).
 */
export function ruleProblems(errors: Record<string, string>, columnOf: (path: string) => string = (path) => path): RowProblem[] {
  return Object.entries(errors).map(([path, message]) => ruleProblem(message, path === "_" ? undefined : columnOf(path)));
}
