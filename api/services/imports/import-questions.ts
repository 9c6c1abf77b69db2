import { z } from "@hono/zod-openapi";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { Invalid } from "../../errors";
import { assertAuthor } from "../authoring/permissions";
import { CATEGORY_REQUIRED, COURSE_REQUIRED } from "../categories/schemas";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { readImportFile } from "./import-file";
import type { ImportCandidate, ImportSummary } from "./import-summary";
import { csvColumnOf, parseCsv } from "./parse-csv";
import { GIFT_MESSAGES, parseGift } from "./parse-gift";
import { storeImported } from "./store-imported";
import { sendImportSummary } from "./summary-mail";

export const DATA_BEING_PROCESSED = "data is being processed";

const location = z
  .string({ error: "location is required: the key of the uploaded file" })
  .trim()
  .min(1, "location is required: the key of the uploaded file")
  .max(512, "location is too long");
export const CsvImportInput = z.object({ location }, { error: "The request body must be a JSON object" });
export const GiftImportInput = z.object(
  {
    location,
    category: z.string({ error: CATEGORY_REQUIRED }).trim().min(1, CATEGORY_REQUIRED).max(50),
    course: z.string({ error: COURSE_REQUIRED }).trim().min(1, COURSE_REQUIRED).max(50),
  },
  { error: "The request body must be a JSON object" },
);

/**
 * An accepted import: everything that can refuse the whole file (permission, the file, its
 * header, its size) has run; `work` stores the questions and e-mails the summary. The route
 * runs it after answering 202 where the runtime allows (Workers: waitUntil), else before.
 * `work` never rejects: a failure is logged and e-mailed.
 */
export interface AcceptedImport {
  message: typeof DATA_BEING_PROCESSED;
  work: () => Promise<void>;
}

export async function startCsvImport(services: AppServices, caller: Caller, input: z.infer<typeof CsvImportInput>): Promise<AcceptedImport> {
  assertAuthor(caller);
  const candidates = parseCsv(await readImportFile(services, caller, input.location));
  return accepted(services, caller, "CSV", input.location, candidates, "Row", csvColumnOf);
}

export async function startGiftImport(services: AppServices, caller: Caller, input: z.infer<typeof GiftImportInput>): Promise<AcceptedImport> {
  assertAuthor(caller);
  // The dialog's category and course: unknown ones are a 400 on the field, before any work.
  const place = await resolveCategoryCourse(services, caller.businessId, input);
  const candidates = parseGift(await readImportFile(services, caller, input.location), place);
  if (candidates.length === 0) throw new Invalid(GIFT_MESSAGES.empty, { location: GIFT_MESSAGES.empty });
  return accepted(services, caller, "GIFT", input.location, candidates, "Question");
}

function accepted(
  services: AppServices,
  caller: Caller,
  format: string,
  location: string,
  candidates: ImportCandidate[],
  unit: ImportSummary["unit"],
  columnOf?: (path: string) => string,
): AcceptedImport {
  // The stored name without the folder, business and timestamp prefix.
  const fileName = location.split("/").pop()!.replace(/^\d+-[a-z0-9]+-/, "");
  return {
    message: DATA_BEING_PROCESSED,
    work: async () => {
      try {
        const summary = await storeImported(services, caller, candidates, unit, columnOf);
        await sendImportSummary(services, caller, format, fileName, summary);
      } catch (error) {
        console.error("question import failed", error);
        await sendImportSummary(services, caller, format, fileName, { failed: "an unexpected error" }).catch(() => {});
      }
    },
  };
}
