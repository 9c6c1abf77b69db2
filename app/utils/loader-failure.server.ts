import { data } from "react-router";
import { AppError, serviceErrorOf } from "../../api/services/core/errors";

/**
 * A service error thrown while loading a page, as the route error boundary's answer. A
 * bad or foreign id in the URL (400, 404) is a page that is not there: 404 with the
 * boundary's own, translated text, never the verb's English detail. 401 and 403 keep their
 * status (session expired dialog, forbidden panel); anything else propagates as a 500.
 */
export function loaderFailure(error: unknown): Response | ReturnType<typeof data> {
  const appError = serviceErrorOf(error);
  if (!(appError instanceof AppError)) throw error;
  if (appError.status === 400 || appError.status === 404) return data(null, { status: 404 });
  return data({ message: appError.message }, { status: appError.status });
}
