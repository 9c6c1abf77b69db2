import type { CodeKeys } from "../../utils/message-codes";

/** The report pages' words for the report and duplication verbs' codes (api/services/reports/messages.ts), in locales/<lang>/reports.json. */
export const REPORT_CODE_KEYS: CodeKeys = {
  REPORT_FORMAT_INVALID: "reports:codes.REPORT_FORMAT_INVALID",
  REPORT_TOO_LARGE: "reports:codes.REPORT_TOO_LARGE",
  QUIZ_DUPLICATED: "reports:codes.QUIZ_DUPLICATED",
  NOT_FOUND: "reports:codes.NOT_FOUND",
  FORBIDDEN: "reports:codes.FORBIDDEN",
  TOO_MANY_ATTEMPTS: "reports:codes.TOO_MANY_ATTEMPTS",
};
