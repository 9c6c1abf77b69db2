import type { ErrorCode } from "../../../api/services/core/errors";
import type { MessageCode } from "../../../api/services/message-codes";

/**
 * The exam's refusals in the student's language, chosen by the error's `code` (ADR 0034),
 * never by its English `message`: the API may reword a message, never a code. A code with
 * no wording of its own here shows the server's message.
 */

/** i18next's t, or anything that takes a key and its values. */
type Translate = (key: string, values: Record<string, unknown>) => string;

/** A refusal as the typed client (`ApiAnswer`) or a page action (`ActionFailure`) answers it. */
export interface ExamRefusal {
  code?: ErrorCode | MessageCode;
  message: string;
  /** A 429's wait (the API's Retry-After, or the action's `retryAfterSeconds`). */
  retryAfterSeconds?: number;
}

export const EXAM_ERROR_KEYS: Partial<Record<ErrorCode | MessageCode, string>> = {
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

/** The exam's calls to the server, each of which can fail (issue 18: never silently). */
export type ExamAction = "start" | "save" | "check" | "finish";

/** A failed call as the typed client answers it: no network, or the server's refusal. */
export type ExamFailure = { offline: true } | ({ offline: false; status: number } & ExamRefusal);

/** What went wrong, in general terms, when the code has no wording of its own. */
export type FailureKind = "offline" | "session" | "forbidden" | "busy" | "server" | "refused";

export function failureKind(failure: ExamFailure): FailureKind {
  if (failure.offline) return "offline";
  switch (failure.code) {
    case "UNAUTHENTICATED":
    case "SIGN_IN_EXPIRED":
      return "session";
    case "FORBIDDEN":
      return "forbidden";
    case "RATE_LIMITED":
    case "SERVER_BUSY":
    case "SERVICE_UNAVAILABLE":
      return "busy";
    default:
      return failure.status >= 500 ? "server" : "refused";
  }
}

/**
 * A failed exam call as the screen says it: what happened and what the student can do now.
 * A code the exam words itself (time up, attempt limit, password…) says it all; any other
 * failure says its kind (no connection, session ended, refused, server trouble), then the
 * action's own remedy: press Start again, the answers are kept on this device and go again
 * by themselves, press Finish again, reload. Chosen by code and status, never by the English
 * message.
 */
export function examFailureMessage(t: Translate, action: ExamAction, failure: ExamFailure): string {
  if (!failure.offline) {
    const own = failure.code === "RATE_LIMITED" && failure.retryAfterSeconds !== undefined && action === "start" ? "exam:password.wait" : failure.code && EXAM_ERROR_KEYS[failure.code];
    if (own) return translateExamError(t, failure);
  }
  const kind = failureKind(failure);
  const remedy = kind === "session" ? "session" : kind === "refused" && action === "save" ? "saveRefused" : action;
  return `${t(`exam:failed.kind.${kind}`, {})} ${t(`exam:failed.remedy.${remedy}`, {})}`;
}
