/**
 * What the heavy jobs of AppServices (worker threads on Node, Web Workers on Deno) take and
 * answer: plain, structured-cloneable data, defined here in the services' base so that
 * AppServices names no service above it (docs/decisions/0037, 0059). The services that do
 * the work (certificates, imports) build on these types.
 */

/** What a certificate PDF says (certificates/certificate-pdf.ts renders it). */
export interface CertificatePdfFacts {
  studentName: string;
  quizName: string;
  percentage: number;
  completedAt: Date;
  issuer: string;
  verifyUrl: string;
  /** ADR 0076: what it certifies; the PDF's title and wording follow it. Left out: Completion. */
  kind?: "Completion" | "Achievement";
  /** ADR 0082: the school's time zone, in which the PDF dates the result; left out (no school zone yet): UTC. */
  timeZone?: string;
}

/** An import file's text (a QTI package's bytes) to read into candidates (imports/parse-import.ts); GIFT also names the dialog's category and course; ROSTER is a class's students. */
export type ParseImportJob =
  | { format: "CSV"; text: string }
  | { format: "GIFT"; text: string; place: { category: string; course: string } }
  // A class roster (fullname,email; classes/parse-roster.ts), read by the same threads.
  | { format: "ROSTER"; text: string }
  // An IMS QTI content package (exchange/qti/read-package.ts): a ZIP, so bytes rather than text; the dialog's category and course.
  | { format: "QTI"; bytes: Uint8Array; place: { category: string; course: string } }
  // A Moodle XML file (exchange/moodlexml), into the dialog's category and course.
  | { format: "MOODLEXML"; text: string; place: { category: string; course: string } };

/** Why an import rejected a row, as a code with its values (imports/reasons.ts narrows the code). */
export interface ImportRowProblem {
  code: string;
  values?: Record<string, string | number>;
  column?: string;
}

/**
 * A file an import file carries for one question (Moodle XML's base64 `<file>`, a QTI
 * package's image): its bytes as read, stored by imports/import-files.ts before the question
 * rules run. `ref` (`import-file:<n>`) is what the question's `questionImage` holds until then.
 */
export interface ImportedFile {
  ref: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/** One question of an import file, before the question rules: its input (and the files it names), or why it cannot be read. */
export type ParsedImportRow<Problem extends ImportRowProblem = ImportRowProblem> =
  | { number: number; input: unknown; files?: ImportedFile[] }
  | { number: number; problems: Problem[] };

/**
 * A question export to write (exchange/export/export-file.ts): the bank as read, plain data
 * (its questions' image bytes included), the file's format, place and day. Written in a worker
 * thread / Web Worker as import files are read (docs/decisions/0085, second addendum): a QTI
 * package of thousands of items is seconds of XML and deflate.
 */
export interface WriteExportJob<Question = unknown> {
  format: "gift" | "moodlexml" | "qti3";
  questions: Question[];
  place: { category: string; course: string };
  day: string;
}

/** The written export: the file's body, how many questions it holds and the ones its format could not. */
export interface WrittenExport {
  body: string | Uint8Array;
  exported: number;
  notExported: { id: number; optionType: string }[];
}
