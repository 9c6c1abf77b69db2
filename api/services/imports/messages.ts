import type { MessageParams } from "../core/coded";

/*
 * A whole import file refused (CSV or GIFT), in a module of texts only (the message
 * catalogue, api/services/message-codes.ts, imports it): templates whose values travel in the
 * envelope's `params` (docs/decisions/0061-codes-and-params.md).
 */
export const IMPORT_MESSAGES = {
  noHeader: "The file is empty: it needs a header row and at least one question",
  /** { names, count }: the missing columns, comma-separated, and how many. */
  missingColumns: (params: MessageParams) => `The header row is missing the column${Number(params.count) > 1 ? "s" : ""} ${params.names}`,
  /** { max, count }: the cap and the file's questions. */
  tooManyRows: "A file can hold at most {{max, number}} questions; this one has {{count, number}}. Please split it into smaller files",
  noGiftQuestions: "The file has no GIFT questions",
  /** An XML file (Moodle XML, QTI) that declares entities: never read, the file refused (ADR 0083). */
  xmlEntities: "The file declares XML entities (a DOCTYPE with declarations), which are never read: export it again without them",
  /** { line, detail }: where the XML breaks and the parser's words. */
  xmlMalformed: "The file is not well-formed XML (line {{line}}): {{detail}}",
  notMoodleXml: "The file is not a Moodle XML question file: it has no <quiz> element",
  noMoodleXmlQuestions: "The file has no Moodle XML questions",
} as const;
