import type { AppServices } from "../../core/app-services";
import type { WriteExportJob, WrittenExport } from "../../core/heavy-jobs";
import { fileSlug } from "../../export/csv";
import type { Pacer } from "../../imports/time-slices";
import { writeGift } from "../gift-write";
import type { ExportQuestion, NotExported } from "./export-question";
import { writeMoodleXml } from "./moodle-xml-write";
import { writeQtiPackage } from "./qti-package";
import { EXPORT_FORMATS, type ExportFormat } from "./schemas";
import { Invalid } from "../../core/errors";
import { say } from "../../message-codes";

/** The answer of an export: the file, its type and name, and the questions its format could not hold. */
export interface ExportFile {
  body: string | Uint8Array;
  contentType: string;
  fileName: string;
  exported: number;
  notExported: NotExported[];
}

const EXTENSION: Record<ExportFormat, string> = { gift: "txt", moodlexml: "xml", qti3: "zip" };
const CONTENT_TYPE: Record<ExportFormat, string> = { gift: "text/plain; charset=utf-8", moodlexml: "application/xml; charset=utf-8", qti3: "application/zip" };

/**
 * `algebra-maths-2026-11-29.xml`: the course, the category and the day, ASCII letters, digits
 * and hyphens only, so every LMS importer, spreadsheet and Content-Disposition takes it as it is.
 * GIFT is `.txt` (Moodle's GIFT import picks text files).
 */
export function exportFileName(place: { category: string; course: string }, day: string, format: ExportFormat): string {
  const stem = [fileSlug(place.course), fileSlug(place.category)].filter(Boolean).join("-") || "questions";
  return `${stem}-${day}.${EXTENSION[format]}`;
}

/** What a writer thread is sent (core/heavy-jobs.ts), typed with the questions it carries. */
export type ExportJob = WriteExportJob<ExportQuestion>;

/**
 * Writes the file: GIFT text, Moodle XML, or the QTI package's bytes. A pure function of the
 * job, run in a worker thread / Web Worker (no pacer: nothing else runs there) or in the
 * request, paced (Workers, tests).
 */
export async function writeExportFile({ format, questions, place, day }: ExportJob, pacer?: Pacer): Promise<WrittenExport & { notExported: NotExported[] }> {
  // The job crossed a thread's boundary as plain data: a format no writer knows is the route's 400, not a thread's crash.
  if (!EXPORT_FORMATS.includes(format)) throw new Invalid(say("QUESTION_EXPORT_FORMAT_INVALID"));
  if (format === "gift") {
    const file = await writeGift(questions, { ...place, exportedAt: day }, pacer);
    return { body: file.text, exported: questions.length - file.notExported.length, notExported: file.notExported };
  }
  const body = format === "moodlexml" ? await writeMoodleXml(questions, place, pacer) : await writeQtiPackage(questions, place, pacer);
  return { body, exported: questions.length, notExported: [] };
}

/**
 * The export's answer: written by the runtime's writer thread when it has one
 * (services.writeExport: Node's worker thread, Deno's Web Worker), so a QTI package of
 * thousands of items never holds the requests of everyone else; else here, paced.
 */
export async function renderExport(services: AppServices, job: ExportJob, pacer: Pacer): Promise<ExportFile> {
  const named = { contentType: CONTENT_TYPE[job.format], fileName: exportFileName(job.place, job.day, job.format) };
  // The thread answers writeExportFile's own result, cloned: the base types it only as loosely as it may know it.
  const written = services.writeExport ? ((await services.writeExport(job)) as ExportFile) : await writeExportFile(job, pacer);
  return { ...named, body: written.body, exported: written.exported, notExported: written.notExported };
}
