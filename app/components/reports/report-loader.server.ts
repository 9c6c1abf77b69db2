import type { RouterContextProvider } from "react-router";
import type { AppServices } from "../../../api/services/core/app-services";
import type { Caller } from "../../../api/services/core/caller";
import { AppError, serviceErrorOf } from "../../../api/services/core/errors";
import type { CsvFile } from "../../../api/services/export/export-results";
import { servicesContext } from "../../context";
import { routeMessages } from "../../i18n/route-messages";
import { callerOf, requireTeacherArea } from "../../utils/guards.server";
import type { CodedAnswer } from "../../utils/message-codes";
import { loaderFailure } from "../../utils/loader-failure.server";
import { csvFailure, csvResponse } from "../board/csv-response.server";

/** The two doors of the report pages (ADR 0081): each page and its CSV call the report verb as the API does. */
type Run<T> = (services: AppServices, caller: Caller) => Promise<T>;
type Context = Readonly<RouterContextProvider>;

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

/** A report page's data: the report, or the refusal it says instead; with the `reports` namespace. */
export async function loadReport<T>(context: Context, request: Request, run: Run<{ data: T }>) {
  requireTeacherArea(context, request);
  const messages = routeMessages(request, "reports");
  try {
    const { data } = await run(context.get(servicesContext), callerOf(context, request));
    return { report: data, refusal: null, messages };
  } catch (error) {
    return { report: null, ...reportRefusal(error), messages };
  }
}

/** A report's "Download CSV": the file, or the refusal as a short text with its status (csvFailure). */
export async function reportCsv<T>(context: Context, request: Request, run: Run<{ data: T }>, toFile: (data: T, day: string) => CsvFile): Promise<Response> {
  requireTeacherArea(context, request);
  const services = context.get(servicesContext);
  try {
    const { data } = await run(services, callerOf(context, request));
    return csvResponse(toFile(data, services.now().toISOString().slice(0, 10)));
  } catch (error) {
    return csvFailure(error);
  }
}
