import type { ErrorCode } from "../../../api/services/core/errors";

/**
 * The exam's refusals in the student's language, chosen by the error's `code` (ADR 0034),
 * never by its English `message`: the API may reword a message, never a code. A code with
 * no wording of its own here shows the server's message.
 */

/** i18next's t, or anything that takes a key and its values. */
type Translate = (key: string, values: Record<string, unknown>) => string;

/** A refusal as the typed client (`ApiAnswer`) or a page action (`ActionFailure`) answers it. */
export interface ExamRefusal {
  code?: ErrorCode;
  message: string;
  /** A 429's wait (the API's Retry-After, or the action's `retryAfterSeconds`). */
  retryAfterSeconds?: number;
}

export const EXAM_ERROR_KEYS: Partial<Record<ErrorCode, string>> = {
  QUIZ_PASSWORD_REQUIRED: "exam:password.required",
  QUIZ_PASSWORD_INVALID: "exam:password.invalid",
  ATTEMPT_LIMIT: "exam:errors.attemptLimit",
  QUIZ_NOT_OPEN: "exam:errors.notOpen",
  PREMIUM_REQUIRED: "exam:errors.premiumOnly",
  ATTEMPT_SUBMITTED: "exam:errors.submitted",
  DEADLINE_PASSED: "exam:errors.timeUp",
  NOT_FOUND: "exam:errors.notFound",
  QUESTION_CLOSED: "exam:errors.questionClosed",
};

export function translateExamError(t: Translate, refusal: ExamRefusal): string {
  // The exam's only throttle is the quiz password's (ADR 0031): its wait, in whole minutes.
  if (refusal.code === "RATE_LIMITED" && refusal.retryAfterSeconds !== undefined) {
    return t("exam:password.wait", { count: Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)) });
  }
  const key = refusal.code && EXAM_ERROR_KEYS[refusal.code];
  return key ? t(key, {}) : refusal.message;
}
