/** What the bank's list may be sorted by (its own module: the UI imports it without the schemas). */
export const QUESTION_SORT_FIELDS = ["questionText", "questionId", "optionType", "thumbsUpCount", "thumbsDownCount"] as const;
