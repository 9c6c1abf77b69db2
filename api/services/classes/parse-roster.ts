import type { ParsedImportRow } from "../core/heavy-jobs";
import { readCsvTable } from "../imports/parse-csv";
import { createPacer } from "../imports/time-slices";

/** A roster file's columns (decisions.md "Classes"), matched without regard to case; other columns are ignored. */
export const ROSTER_COLUMNS = ["fullname", "email"] as const;

export interface RosterInput {
  fullname: string;
  email: string;
}
export type RosterRow = ParsedImportRow<{ code: "brokenRow" }>;

/**
 * Reads a class roster CSV with the question import's caps (at most MAX_IMPORT_ROWS rows; the
 * upload's size limit came first): whole-file problems are a 400 before anything is stored, a
 * row that cannot be read is a rejected row. Cells stay text (no dynamic typing): a name such
 * as `=HYPERLINK(…)` or `<script>` is only ever a string here and later.
 */
export async function parseRoster(text: string): Promise<RosterRow[]> {
  const parsed = readCsvTable(text.replace(/^\uFEFF/, ""), ROSTER_COLUMNS);

  const broken = new Set<number>();
  for (const error of parsed.errors) if (error.row !== undefined) broken.add(error.type === "Quotes" ? error.row - 1 : error.row);
  const rows: RosterRow[] = [];
  const pacer = createPacer();
  for (const [index, row] of parsed.data.entries()) {
    // Spreadsheet numbering: the header is row 1.
    const number = index + 2;
    rows.push(broken.has(index) ? { number, problems: [{ code: "brokenRow" }] } : { number, input: { fullname: row.fullname ?? "", email: row.email ?? "" } satisfies RosterInput });
    await pacer.tick();
  }
  return rows;
}
