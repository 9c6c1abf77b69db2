import Papa from "papaparse";
import type { Said } from "../core/coded";
import { Invalid } from "../core/errors";
import { say } from "../message-codes";
import type { ImportCandidate } from "./import-summary";
import type { RowProblem } from "./reasons";
import { CSV_COLUMNS, csvTemplateText, OPTIONAL_CSV_COLUMNS, SPEC_CSV_COLUMNS } from "./csv-template";
import { createPacer } from "./time-slices";
import { typedColumnOf, typedRowShape } from "./csv-typed-rows";
import { OPTION_TYPES } from "../../../db/schema/questions";

/** decisions.md "CSV import": the columns, matched without regard to case. */
export { CSV_COLUMNS, SPEC_CSV_COLUMNS };
const REQUIRED = CSV_COLUMNS.filter((name) => !(OPTIONAL_CSV_COLUMNS as readonly string[]).includes(name));
export const MAX_IMPORT_ROWS = 10_000;

/** A whole file refused, said by code with its values (the texts are imports/messages.ts), on the file's field too. */
export const refuseFile = (said: Said) => new Invalid(said, { location: said });
export const tooManyRows = (count: number) => refuseFile(say("IMPORT_TOO_MANY_ROWS", { max: MAX_IMPORT_ROWS, count }));

export const CSV_MESSAGES = {
  brokenQuoting: "Broken quoting: a quoted cell is not closed, or a quote inside it is not doubled (\"\")",
  wrongCellCount: "The row has a different number of cells than the header",
  correct: (count: number) => `correct must list option numbers from 1 to ${count} separated by ; (for example 2 or 1;3)`,
} as const;

type Row = Record<string, string | undefined>;

/**
 * Reads the rows of a question CSV. Whole-file problems (no header, missing columns, more
 * than 10,000 rows) are a 400 before anything is stored; a row that cannot be read (broken
 * quoting, wrong number of cells) is a rejected row. Cells are kept exactly as text: no
 * dynamic typing, so `=SUM(A1)`, `+1`, `-2` and `@x` stay the strings they are and nothing
 * here or later evaluates them.
 */
export async function parseCsv(text: string): Promise<ImportCandidate[]> {
  const { body, skippedLines } = withoutLeadingComments(text);
  const parsed = readCsvTable(body, REQUIRED);

  const unreadable = new Map<number, RowProblem>();
  for (const error of parsed.errors) {
    if (error.row === undefined) continue;
    // papaparse counts the header in a quoting error's row, not in a cell-count error's.
    if (error.type === "Quotes") unreadable.set(error.row - 1, { code: "brokenQuoting" });
    else if (!unreadable.has(error.row)) unreadable.set(error.row, { code: "wrongCellCount" });
  }
  // Spreadsheet numbering: the header is row 1 (after any comment lines), so the first question is row 2.
  const candidates: ImportCandidate[] = [];
  const pacer = createPacer();
  for (const [index, row] of parsed.data.entries()) {
    const number = index + 2 + skippedLines;
    const problem = unreadable.get(index);
    candidates.push(problem ? { number, problems: [problem] } : rowToCandidate(number, row));
    await pacer.tick();
  }
  return candidates;
}

/**
 * A CSV's rows as text under its header (names trimmed and lower-cased), with the whole-file
 * refusals every import shares: no header or no row, a missing column (matched without regard
 * to case), more than MAX_IMPORT_ROWS rows. Cells stay text: no dynamic typing.
 */
export function readCsvTable(body: string, required: readonly string[]): Papa.ParseResult<Row> {
  const parsed = Papa.parse<Row>(body, {
    header: true,
    skipEmptyLines: "greedy",
    dynamicTyping: false,
    transformHeader: (name) => name.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  if (fields.length === 0 || parsed.data.length === 0) throw refuseFile(say("IMPORT_FILE_EMPTY"));
  const missing = required.filter((name) => !fields.includes(name.toLowerCase()));
  if (missing.length > 0) throw refuseFile(say("IMPORT_MISSING_COLUMNS", { names: missing.join(", "), count: missing.length }));
  if (parsed.data.length > MAX_IMPORT_ROWS) throw tooManyRows(parsed.data.length);
  return parsed;
}

function rowToCandidate(number: number, row: Row): ImportCandidate {
  const cell = (name: string) => row[name.toLowerCase()] ?? "";
  const texts = [1, 2, 3, 4, 5].map((n) => cell(`option${n}`));
  // Options run up to the last filled cell; an empty one before it is an empty option (an error).
  while (texts.length > 0 && texts[texts.length - 1].trim() === "") texts.pop();
  const written = cell("optionType").trim();
  // Types are matched without regard to case (`TRUEFALSE`, `truefalse`) and stored as the API names them.
  const optionType = OPTION_TYPES.find((type) => type.toLowerCase() === written.toLowerCase()) ?? written.toLowerCase();
  const place = { category: cell("category"), course: cell("course"), tags: cell("tags").split(";"), answerExplaination: cell("answerExplaination") };

  const typed = typedRowShape(written.toLowerCase(), cell, texts);
  if (typed && "problem" in typed) return { number, problems: [typed.problem] };
  if (typed) return { number, input: { questionText: cell("questionText"), optionType, ...typed, ...place } };

  const correct = new Set<number>();
  for (const part of cell("correct").split(";")) {
    const value = part.trim();
    if (!value) continue;
    const n = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1 && n <= Math.max(texts.length, 2))) return { number, problems: [{ code: "correctColumn", values: { max: Math.max(texts.length, 2) }, column: "correct" }] };
    correct.add(n);
  }
  return {
    number,
    input: {
      questionText: cell("questionText"),
      optionType,
      options: texts.map((optionText, i) => ({ optionText, optionStatus: correct.has(i + 1) })),
      ...place,
    },
  };
}

/** Field paths of the question rules as CSV columns: options.2.optionText → option3. */
export function csvColumnOf(path: string): string {
  const typed = typedColumnOf(path);
  if (typed) return typed;
  const option = /^options\.(\d+)/.exec(path);
  if (option) return `option${Number(option[1]) + 1}`;
  if (path === "options") return "correct";
  if (path.startsWith("tags")) return "tags";
  return path;
}

/**
 * Lines above the header that start with # (the template's note on optional columns), also
 * as a spreadsheet saves them back: quoted, perhaps followed by empty cells. Only above the
 * header: a question may well start with #.
 */
function withoutLeadingComments(text: string): { body: string; skippedLines: number } {
  let rest = text;
  let skippedLines = 0;
  for (;;) {
    const end = rest.indexOf("\n");
    const line = end === -1 ? rest : rest.slice(0, end);
    if (!/^\s*"?#/.test(line)) return { body: rest, skippedLines };
    // A quoted comment must close on its own line, else it is no comment line but a broken file.
    if (/^\s*"/.test(line) && (line.match(/"/g) ?? []).length % 2 !== 0) return { body: rest, skippedLines };
    rest = end === -1 ? "" : rest.slice(end + 1);
    skippedLines += 1;
  }
}

/** The downloadable template (csv-template.ts): a note on the optional columns, the header and two example rows. */
export const csvTemplate = csvTemplateText;
