import { fileSlug } from "../../export/csv";
import type { Pacer } from "../../imports/time-slices";
import { writeGift } from "../gift-write";
import type { ExportQuestion, NotExported } from "./export-question";
import { writeMoodleXml } from "./moodle-xml-write";
import { writeQtiPackage } from "./qti-package";
import type { ExportFormat } from "./schemas";

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

export async function renderExport(format: ExportFormat, questions: ExportQuestion[], place: { category: string; course: string }, day: string, pacer: Pacer): Promise<ExportFile> {
  const named = { contentType: CONTENT_TYPE[format], fileName: exportFileName(place, day, format) };
  if (format === "gift") {
    const file = await writeGift(questions, { ...place, exportedAt: day }, pacer);
    return { ...named, body: file.text, exported: questions.length - file.notExported.length, notExported: file.notExported };
  }
  const body = format === "moodlexml" ? await writeMoodleXml(questions, place, pacer) : await writeQtiPackage(questions, place, pacer);
  return { ...named, body, exported: questions.length, notExported: [] };
}
