import type { z } from "@hono/zod-openapi";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { readImportBytes } from "./import-file";
import { accepted, GiftImportInput, type ImportOptions } from "./import-questions";
import { parseImport } from "./parse-import";

/**
 * POST /api/qtiquestion (issue 28 point 2, ADR 0084): an IMS QTI content package (ZIP) uploaded
 * to csv-uploads, read into the dialog's category and course. Everything that refuses the
 * whole package (not a ZIP, a cap, a path that climbs out, no manifest, a file it names
 * missing, declared entities) is a 400 before the import's record exists; the parse runs off
 * the event loop as CSV's and GIFT's do (parseImport). Items that cannot be questions are
 * rejected ones in the summary, each with its reason and path.
 */
/** The same body as GIFT's: the uploaded key and the bank it goes into. */
export const QtiImportInput = GiftImportInput;

export async function startQtiImport(services: AppServices, caller: Caller, input: z.infer<typeof QtiImportInput>, options: ImportOptions = {}) {
  assertAuthor(caller);
  const place = await resolveCategoryCourse(services, caller.businessId, input);
  const bytes = await readImportBytes(services, caller, input.location);
  const candidates = await parseImport(services, { format: "QTI", bytes, place: { category: place.category, course: place.course } });
  return accepted(services, caller, options, { format: "QTI", location: input.location, candidates, unit: "Question" });
}
