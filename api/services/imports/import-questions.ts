import { z } from "@hono/zod-openapi";
import { DEFAULT_LANGUAGE, type Language } from "../../../locales/languages";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertAuthor } from "../core/permissions";
import { BODY_NOT_AN_OBJECT, schemaMessage } from "../core/coded";
import { resolveCategoryCourse } from "../categories/resolve-category-course";
import { readImportFile } from "./import-file";
import { createImportRecord, failImportRecord, finishImportRecord, progressWriter } from "./import-record";
import type { ImportCandidate, ImportSummary } from "./import-summary";
import { say } from "../message-codes";
import { csvColumnOf, refuseFile } from "./parse-csv";
import { parseImport } from "./parse-import";
import { storeImported } from "./store-imported";
import { sendImportSummary } from "./summary-mail";

export const DATA_BEING_PROCESSED = "data is being processed";

const location = z
  .string({ error: "location is required: the key of the uploaded file" })
  .trim()
  .min(1, "location is required: the key of the uploaded file")
  .max(512, "location is too long");
const CATEGORY_REQUIRED = schemaMessage("CATEGORY_REQUIRED");
const COURSE_REQUIRED = schemaMessage("COURSE_REQUIRED");
export const CsvImportInput = z.object({ location }, { error: BODY_NOT_AN_OBJECT });
export const GiftImportInput = z.object(
  {
    location,
    category: z.string({ error: CATEGORY_REQUIRED }).trim().min(1, CATEGORY_REQUIRED).max(50),
    course: z.string({ error: COURSE_REQUIRED }).trim().min(1, COURSE_REQUIRED).max(50),
  },
  { error: BODY_NOT_AN_OBJECT },
);

/**
 * An accepted import: everything that can refuse the whole file (permission, the file, its
 * header, its size) has run and the import's record exists (`importId`: the dialog polls
 * GET /api/questionImports/{id} for its progress and summary); `work` stores the questions,
 * writes the summary to the record and e-mails it. The route runs it after answering 202
 * where the runtime allows (Workers and Node: waitUntil), else before. `work` never rejects:
 * a failure is logged, recorded and e-mailed.
 */
export interface AcceptedImport {
  message: typeof DATA_BEING_PROCESSED;
  importId: number;
  work: () => Promise<void>;
}

/**
 * How the summary is said: the language of the page the teacher imported from. The route
 * reads it from the request as the UI does (the `lang` cookie, else Accept-Language, else
 * English: locales/languages.ts pickLanguage), because the import always starts from a request
 * and the account keeps no language of its own (docs/decisions/0018-question-import.md).
 */
export interface ImportOptions {
  language?: Language;
}

export async function startCsvImport(services: AppServices, caller: Caller, input: z.infer<typeof CsvImportInput>, options: ImportOptions = {}): Promise<AcceptedImport> {
  assertAuthor(caller);
  const candidates = await parseImport(services, { format: "CSV", text: await readImportFile(services, caller, input.location) });
  return accepted(services, caller, options, { format: "CSV", location: input.location, candidates, unit: "Row", columnOf: csvColumnOf });
}

export async function startGiftImport(services: AppServices, caller: Caller, input: z.infer<typeof GiftImportInput>, options: ImportOptions = {}): Promise<AcceptedImport> {
  assertAuthor(caller);
  // The dialog's category and course: unknown ones are a 400 on the field, before any work.
  const place = await resolveCategoryCourse(services, caller.businessId, input);
  const text = await readImportFile(services, caller, input.location);
  const candidates = await parseImport(services, { format: "GIFT", text, place: { category: place.category, course: place.course } });
  if (candidates.length === 0) throw refuseFile(say("IMPORT_NO_GIFT_QUESTIONS"));
  return accepted(services, caller, options, { format: "GIFT", location: input.location, candidates, unit: "Question" });
}

export interface ImportFile {
  format: "CSV" | "GIFT" | "MOODLEXML";
  location: string;
  candidates: ImportCandidate[];
  unit: ImportSummary["unit"];
  columnOf?: (path: string) => string;
}

export async function accepted(services: AppServices, caller: Caller, options: ImportOptions, { format, location, candidates, unit, columnOf }: ImportFile): Promise<AcceptedImport> {
  const language = options.language ?? DEFAULT_LANGUAGE;
  // The stored name without the folder, business and timestamp prefix.
  const fileName = location.split("/").pop()!.replace(/^\d+-[a-z0-9]+-/, "");
  const importId = await createImportRecord(services, caller, format, fileName, candidates.length);
  return {
    message: DATA_BEING_PROCESSED,
    importId,
    work: async () => {
      try {
        const summary = await storeImported(services, caller, candidates, unit, columnOf, progressWriter(services, importId));
        await finishImportRecord(services, importId, summary);
        await sendImportSummary(services, caller, language, format, fileName, summary);
      } catch (error) {
        console.error("question import failed", error);
        await failImportRecord(services, importId).catch(() => {});
        await sendImportSummary(services, caller, language, format, fileName, { failed: "unexpected" }).catch(() => {});
      }
    },
  };
}
