import { AppError, serviceErrorOf } from "../../../api/services/core/errors";
import type { CodedAnswer } from "../../utils/message-codes";
import { loaderFailure } from "../../utils/loader-failure.server";

/**
 * A report the verb refuses for its size (REPORT_TOO_LARGE) or for too many reads (429) is said
 * on the page, by its code, in the reader's language; an unknown or foreign id stays the 404 page
 * (loaderFailure), as everywhere.
 */
export function reportRefusal(error: unknown): { refusal: CodedAnswer } {
  const appError = serviceErrorOf(error);
  if (appError instanceof AppError && (appError.code === "REPORT_TOO_LARGE" || appError.status === 429)) {
    return { refusal: { message: appError.message, code: appError.code, params: appError.params } };
  }
  throw loaderFailure(error);
}
