import type { CodeKeys } from "../../utils/message-codes";

/**
 * The rules of the question types' answer keys (api/services/marking, ADR 0065) in the author's
 * language, by code: the editor's forms and the import summaries show them (keys of
 * locales/<lang>/bank.json "answerKey"). Part of BANK_CODE_KEYS.
 */
export const ANSWER_KEY_CODE_KEYS: CodeKeys = {
  ANSWER_KEY_DEFAULT_MARK: "bank:answerKey.defaultMark",
  ANSWER_KEY_SHAPE: "bank:answerKey.shape",
  ANSWER_KEY_ANSWERS_COUNT: "bank:answerKey.answersCount",
  ANSWER_KEY_TEXT_LENGTH: "bank:answerKey.textLength",
  ANSWER_KEY_TEXT_TOO_LONG: "bank:answerKey.textTooLong",
  ANSWER_KEY_CREDIT: "bank:answerKey.credit",
  ANSWER_KEY_FULL_CREDIT_NEEDED: "bank:answerKey.fullCreditNeeded",
  ANSWER_KEY_CASE_RULE: "bank:answerKey.caseRule",
  ANSWER_KEY_NUMBER: "bank:answerKey.number",
  ANSWER_KEY_TOLERANCE: "bank:answerKey.tolerance",
  ANSWER_KEY_UNITS_COUNT: "bank:answerKey.unitsCount",
  ANSWER_KEY_UNIT_MULTIPLIER: "bank:answerKey.unitMultiplier",
  ANSWER_KEY_UNIT_REPEATED: "bank:answerKey.unitRepeated",
  ANSWER_KEY_UNIT_REQUIRED_WITHOUT_UNITS: "bank:answerKey.unitRequiredWithoutUnits",
  ANSWER_KEY_UNIT_PENALTY: "bank:answerKey.unitPenalty",
  ANSWER_KEY_PAIRS_COUNT: "bank:answerKey.pairsCount",
  ANSWER_KEY_DISTRACTORS_COUNT: "bank:answerKey.distractorsCount",
  ANSWER_KEY_DISTRACTOR_IS_ANSWER: "bank:answerKey.distractorIsAnswer",
  ANSWER_KEY_ITEMS_COUNT: "bank:answerKey.itemsCount",
  ANSWER_KEY_ITEMS_REPEATED: "bank:answerKey.itemsRepeated",
  ANSWER_KEY_ORDERING_GRADING: "bank:answerKey.orderingGrading",
  ANSWER_KEY_GAPS_COUNT: "bank:answerKey.gapsCount",
  ANSWER_KEY_GAP_KIND: "bank:answerKey.gapKind",
  ANSWER_KEY_GAP_WEIGHT: "bank:answerKey.gapWeight",
  ANSWER_KEY_CHOICES_COUNT: "bank:answerKey.choicesCount",
  ANSWER_KEY_CHOICE_UNKNOWN: "bank:answerKey.choiceUnknown",
  ANSWER_KEY_GAPS_NOT_IN_TEXT: "bank:answerKey.gapsNotInText",
  ANSWER_KEY_WORD_LIMIT: "bank:answerKey.wordLimit",
  ANSWER_KEY_WORD_LIMITS_ORDER: "bank:answerKey.wordLimitsOrder",
  ANSWER_KEY_CRITERIA_COUNT: "bank:answerKey.criteriaCount",
  ANSWER_KEY_LEVELS_COUNT: "bank:answerKey.levelsCount",
  ANSWER_KEY_POINTS: "bank:answerKey.points",
  ANSWER_KEY_TRUE_FALSE_OPTIONS: "bank:answerKey.trueFalseOptions",
};
