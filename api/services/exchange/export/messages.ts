/**
 * The question export's texts by their codes (api/services/message-codes.ts); the bank's
 * export dialog says them from locales/<lang>/bank.json `exportQuestions.errors.*`.
 */
export const EXPORT_QUESTION_MESSAGES = {
  QUESTION_EXPORT_FORMAT_INVALID: 'format must be "gift", "moodlexml" or "qti3"',
  QUESTION_EXPORT_TOO_MANY: "An export holds at most {{max, number}} questions; this one has {{count, number}}. Please export a smaller set",
  QUESTION_EXPORT_IDS_INVALID: "questionIds must be a list of 1 to {{max, number}} question ids",
  QUESTION_EXPORT_IMAGES_TOO_LARGE: "The questions' images come to more than {{max}}; please export fewer questions at a time",
} as const;
