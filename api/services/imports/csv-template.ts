/**
 * The CSV template (GET /api/csvquestion/template) and the example the upload dialog shows:
 * one source, so the example is the file. Its rows name the demo bank's category and course
 * (db/seed-content.ts: Mathematics › Algebra), so the template imports unchanged on a fresh
 * install; a real school replaces them with its own. No papaparse here: the dialog imports
 * this file into the browser, and no cell needs quoting (csv-template.test.ts checks).
 */
export const CSV_COLUMNS = ["questionText", "optionType", "option1", "option2", "option3", "option4", "option5", "correct", "category", "course", "tags", "answerExplaination"] as const;

/** Columns a file may leave empty or leave out; every other one is required (decisions.md "CSV import"). */
export const OPTIONAL_CSV_COLUMNS = ["option3", "option4", "option5", "tags"] as const;

/**
 * The template's first line. Lines starting with # above the header are skipped by the
 * parser (parse-csv.ts), quoted or not, so the line may stay, and a spreadsheet that saved it
 * back quoted (its commas) is read the same.
 */
export const TEMPLATE_COMMENT = `# Optional columns: ${OPTIONAL_CSV_COLUMNS.join(", ")} may be left empty. Every other column needs a value. Lines starting with # above the header are skipped.`;

export const TEMPLATE_ROWS: readonly (readonly string[])[] = [
  ["What is 2 + 2?", "radio", "3", "4", "5", "", "", "2", "Mathematics", "Algebra", "arithmetic;basics", "Two and two make four."],
  ["Which numbers are even?", "checkbox", "2", "3", "4", "7", "", "1;3", "Mathematics", "Algebra", "parity", "2 and 4 divide by two without remainder."],
];

/** The template's text: the comment (quoted: it holds commas), the header and the example rows, CRLF as spreadsheets write it. */
export function csvTemplateText(): string {
  return [`"${TEMPLATE_COMMENT}"`, CSV_COLUMNS.join(","), ...TEMPLATE_ROWS.map((row) => row.join(","))].join("\r\n") + "\r\n";
}
