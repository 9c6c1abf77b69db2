/**
 * The report and duplication verbs' texts (issue 27 point 5, docs/decisions/0081), by their
 * codes in the message catalogue (api/services/message-codes.ts); the pages say them from
 * locales/<lang>/reports.json `codes.<CODE>`.
 */
export const REPORT_MESSAGES = {
  REPORT_FORMAT_INVALID: 'format must be "json" or "csv"',
  REPORT_TOO_LARGE: "This report has more than {{max, number}} results; ask for a smaller class",
  QUIZ_DUPLICATED: "Quiz duplicated",
} as const;
