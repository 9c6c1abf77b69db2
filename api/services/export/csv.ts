import Papa from "papaparse";

/** UTF-8's byte order mark: without it Excel opens a UTF-8 file as the local code page (Japanese names turn to mojibake). */
export const UTF8_BOM = "\uFEFF";

/** A cell a spreadsheet would read as a formula (OWASP "CSV injection"): tab or CR first (decisions.md "Export"). */
const BLANK_START = /^[\t\r]/;

/**
 * Where a spreadsheet may start a field inside our cell: a spreadsheet whose list separator
 * is `;` (French, German, Spanish locales), or one told to split on tabs or commas, cuts the
 * cell there (issue 25, point 15: `Eve;=1+1`). A formula character right after one of them
 * is run as the next field's formula.
 */
const FORMULA_AT_PART_START = /(^|[;,\t\r\n])(?=[=+\-@])/g;

/**
 * A cell made inert: a leading `'` before every part that starts with =, +, -, or @ (the
 * cell's start, and after each `;`, `,`, tab or line break), and before a cell that starts
 * with tab or CR. The `'` makes the spreadsheet show the text instead of running it
 * (`=HYPERLINK("…")` stays visible text). Applied to every cell, header included, after the
 * value is a string, so no column is forgotten (a name, a quiz name, a category).
 */
export function neutraliseCell(value: string): string {
  const parts = value.replace(FORMULA_AT_PART_START, "$1'");
  return BLANK_START.test(parts) ? `'${parts}` : parts;
}

/**
 * The export's CSV (decisions.md "Export"): BOM, header row, CRLF line ends (RFC 4180),
 * every cell quoted (so no spreadsheet reads a separator inside one as its own), quotes
 * doubled inside (papaparse's unparse), every cell neutralised first.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const data = rows.map((row) => row.map((cell) => neutraliseCell(String(cell))));
  const body = Papa.unparse({ fields: header.map(neutraliseCell), data }, { newline: "\r\n", quotes: true, escapeFormulae: false });
  return `${UTF8_BOM}${body}\r\n`;
}

/** "light-and-lenses": ASCII only, so the Content-Disposition header takes it as it is. */
export function fileSlug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}
