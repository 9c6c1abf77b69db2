/**
 * The CSV template (GET /api/csvquestion/template) and the example the upload dialog shows:
 * one source, so the example is the file. Downloaded from a bank, its rows name that bank's
 * category and course, so it imports into the bank the teacher is on (issue 25 point 6);
 * without a bank they name the demo bank's (db/seed-content.ts: Mathematics › Algebra), so
 * it still imports unchanged on a fresh install. No papaparse here: the dialog imports this
 * file into the browser; a bank's name with a comma or quote is quoted (csvCell).
 */
/**
 * The spec's columns, then the columns of the typed questions (trueFalse, shortAnswer,
 * numerical: csv-typed-rows.ts, docs/decisions/0073), which a file may leave out: the spec's
 * files read as before.
 */
export const TYPED_CSV_COLUMNS = ["credits", "tolerances", "units", "caseSensitive"] as const;
export const SPEC_CSV_COLUMNS = ["questionText", "optionType", "option1", "option2", "option3", "option4", "option5", "correct", "category", "course", "tags", "answerExplaination"] as const;
export const CSV_COLUMNS = [...SPEC_CSV_COLUMNS, ...TYPED_CSV_COLUMNS] as const;

/** Columns a file may leave empty or leave out; every other one is required (decisions.md "CSV import"). */
export const OPTIONAL_CSV_COLUMNS = ["option3", "option4", "option5", "tags", ...TYPED_CSV_COLUMNS] as const;

/**
 * The template's first line. Lines starting with # above the header are skipped by the
 * parser (parse-csv.ts), quoted or not, so the line may stay, and a spreadsheet that saved it
 * back quoted (its commas) is read the same.
 */
export const TEMPLATE_COMMENT = `# Optional columns: ${OPTIONAL_CSV_COLUMNS.join(", ")} may be left empty. Every other column needs a value. Lines starting with # above the header are skipped.`;

/** How each type fills the columns, as comment lines of the template (English, as the file's column names are). */
export const TEMPLATE_TYPE_NOTES = [
  "# radio and checkbox: option1 to option5 are the options; correct lists the right ones by number (2 or 1;3).",
  "# trueFalse: correct is True or False; the option cells stay empty.",
  "# shortAnswer: option1 to option5 are accepted answers; credits gives each its credit in % (100;50; empty: 100 each); caseSensitive is yes or no (empty: no).",
  "# numerical: option1 to option5 are accepted numbers; tolerances gives each its ± (0.01;0.1; empty: exact); credits as for shortAnswer; units lists unit=multiplier (m=1;cm=100).",
] as const;

/** The bank a template without one names: the demo data's. */
export const DEMO_BANK = { category: "Mathematics", course: "Algebra" } as const;
export type TemplateBank = { category: string; course: string };

/** The example rows, naming the given bank. */
export function templateRows(bank: TemplateBank = DEMO_BANK): string[][] {
  return [
    ["What is 2 + 2?", "radio", "3", "4", "5", "", "", "2", bank.category, bank.course, "arithmetic;basics", "Two and two make four."],
    ["Which numbers are even?", "checkbox", "2", "3", "4", "7", "", "1;3", bank.category, bank.course, "parity", "2 and 4 divide by two without remainder."],
    ["Zero is an even number.", "trueFalse", "", "", "", "", "", "True", bank.category, bank.course, "parity", "Zero divides by two without remainder.", "", "", "", ""],
    ["Name the smallest prime number.", "shortAnswer", "2", "two", "", "", "", "", bank.category, bank.course, "primes", "2 is the only even prime.", "100;100", "", "", "no"],
    ["What is 1 divided by 3 to two decimals?", "numerical", "0.33", "0.3", "", "", "", "", bank.category, bank.course, "fractions", "One third is 0.333…", "100;50", "0.005;0.05", "", ""],
  ].map((row) => [...row, ...Array.from({ length: CSV_COLUMNS.length - row.length }, () => "")]);
}

export const TEMPLATE_ROWS: readonly (readonly string[])[] = templateRows();

/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

/** The template's text: the comments (quoted when they hold commas), the header and the example rows in the bank, CRLF as spreadsheets write it. */
export function csvTemplateText(bank: TemplateBank = DEMO_BANK): string {
  return [...[TEMPLATE_COMMENT, ...TEMPLATE_TYPE_NOTES].map(csvCell), CSV_COLUMNS.join(","), ...templateRows(bank).map((row) => row.map(csvCell).join(","))].join("\r\n") + "\r\n";
}
