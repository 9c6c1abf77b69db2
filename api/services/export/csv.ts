import Papa from "papaparse";

/** UTF-8's byte order mark: without it Excel opens a UTF-8 file as the local code page (Japanese names turn to mojibake). */
export const UTF8_BOM = "\uFEFF";

/** A cell a spreadsheet would read as a formula (OWASP "CSV injection"): =, +, -, @, tab, CR first. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell made inert: a leading `'` makes the spreadsheet show the text instead of running
 * it (`=HYPERLINK("…")` stays visible text). Applied to every cell, header included, after
 * the value is a string, so no column is forgotten (a name, a quiz name, a category).
 */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The export's CSV (decisions.md "Export"): BOM, header row, CRLF line ends (RFC 4180),
 * quotes doubled inside quoted cells (papaparse's unparse), every cell neutralised first.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const data = rows.map((row) => row.map((cell) => neutraliseCell(String(cell))));
  const body = Papa.unparse({ fields: header.map(neutraliseCell), data }, { newline: "\r\n", escapeFormulae: false });
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
