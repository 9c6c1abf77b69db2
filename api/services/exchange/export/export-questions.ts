import { rateLimit } from "../../auth/rate-limit";
import { lookupCategoryCourse } from "../../categories/find-category-course";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { NotFound } from "../../core/errors";
import { assertAuthor } from "../../core/permissions";
import { createPacer } from "../../imports/time-slices";
import { type ExportFile, renderExport } from "./export-file";
import { readBankForExport } from "./read-bank";
import { ExportQuestionsInput } from "./schemas";

/** Exports an author may start: a few a minute is a teacher's pace; a script pulling the bank in a loop is not. */
export const EXPORT_LIMITS = { perTenMinutes: 30 } as const;

/**
 * `POST /api/question/export { category, course, format, questionIds? }` (decisions.md
 * "Exchange", docs/decisions/0085): the bank of one category and course (or the chosen
 * questions of it) as a GIFT text, a Moodle XML file or a QTI 3.0 package. Authors, as the
 * bank reads (the owner too); a category or course the business does not have is 404, as
 * another business's would be. The reading gives the event loop back in slices
 * (time-slices.ts), as the imports' storing does; the writing runs in the runtime's writer
 * thread (export-file.ts), as the imports' parse does: a bank of 10,000 questions never holds it.
 */
export async function exportQuestions(services: AppServices, caller: Caller, input: unknown): Promise<ExportFile> {
  assertAuthor(caller);
  const { category, course, format, questionIds } = ExportQuestionsInput.parse(input);
  await rateLimit(services, [{ key: `question-export:10m:${caller.userId}`, limit: EXPORT_LIMITS.perTenMinutes, windowMs: 10 * 60_000 }]);
  const place = await lookupCategoryCourse(services, caller.businessId, { category, course });
  if (!place) throw new NotFound("category");
  const pacer = createPacer();
  const questions = await readBankForExport(services, caller, place, questionIds, pacer);
  const day = services.now().toISOString().slice(0, 10);
  return renderExport(services, { format, questions, place: { category: place.category, course: place.course }, day }, pacer);
}
