import { AppError, serviceErrorOf } from "../../../api/services/core/errors";
import type { CsvFile } from "../../../api/services/export/export-results";

/** A CSV export as the browser downloads it (the same headers as POST /api/takenQuiz/export). */
export function csvResponse(file: CsvFile): Response {
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      // Personal data: kept by no shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * A refused export (not allowed, unknown quiz, too many rows) as a short plain-text page with
 * the service's status and words: the link was followed as a download, there is no page to
 * render an error panel in. Anything else propagates (a 500).
 */
export function csvFailure(error: unknown): Response {
  const appError = serviceErrorOf(error);
  if (!(appError instanceof AppError) || appError.status >= 500) throw error;
  return new Response(appError.message, { status: appError.status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
