import type { z } from "@hono/zod-openapi";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { rateLimit, tooManyAs } from "../auth/rate-limit";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { UPLOAD_LIMITS } from "../files/rules";
import { say } from "../message-codes";
import { readImportFile } from "./import-file";
import { accepted, type AcceptedImport, GiftImportInput, type ImportOptions } from "./import-questions";
import { refuseFile } from "./parse-csv";
import { parseImport } from "./parse-import";

/** POST /api/moodlexmlquestion's body: the uploaded file's key and the bank it goes into, as GIFT's. */
export const MoodleXmlImportInput = GiftImportInput;

/**
 * A Moodle XML import (decisions.md "Exchange", docs/decisions/0083): as GIFT's, into the
 * dialog's category and course, parsed off the event loop (the import threads on Node, the
 * Web Worker on Deno), answered 202 with the import's record, its questions stored after.
 * Each import counts against the uploads' hourly limit (every import needs an upload, and a
 * Moodle XML file is the heaviest to read of them).
 */
export async function startMoodleXmlImport(services: AppServices, caller: Caller, input: z.infer<typeof MoodleXmlImportInput>, options: ImportOptions = {}): Promise<AcceptedImport> {
  assertAuthor(caller);
  await rateLimit(services, [{ key: `import:hour:${caller.userId}`, limit: UPLOAD_LIMITS.perHour, windowMs: 60 * 60 * 1000 }], tooManyAs("TOO_MANY_UPLOADS"));
  const place = await resolveCategoryCourse(services, caller.businessId, input);
  const text = await readImportFile(services, caller, input.location);
  const candidates = await parseImport(services, { format: "MOODLEXML", text, place: { category: place.category, course: place.course } });
  if (candidates.length === 0) throw refuseFile(say("IMPORT_NO_MOODLE_XML_QUESTIONS"));
  return accepted(services, caller, options, { format: "MOODLEXML", location: input.location, candidates, unit: "Question" });
}
