import type { CodeKeys } from "../../utils/message-codes";
import { GRADING_CODE_KEYS } from "../results/grading-messages";

/**
 * The grade form's answers by code (ADR 0069's refusals, worded in results.json "grading"), and
 * the refusals a grader can also meet there: the rate limit and an answer that is gone.
 */
export const GRADE_FORM_CODE_KEYS: CodeKeys = {
  ...GRADING_CODE_KEYS,
  TOO_MANY_ATTEMPTS: "grading:errors.TOO_MANY_ATTEMPTS",
  NOT_FOUND: "grading:errors.NOT_FOUND",
  CONFLICT: "grading:errors.CONFLICT",
  FORBIDDEN: "grading:errors.FORBIDDEN",
  PAYLOAD_TOO_LARGE: "grading:errors.PAYLOAD_TOO_LARGE",
};
