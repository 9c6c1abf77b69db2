import type { ParsedImportRow } from "../core/heavy-jobs";
import type { RowProblem } from "./reasons";

/** One question of an import file, before the question rules: its input, or why it cannot be read. */
export type ImportCandidate = ParsedImportRow<RowProblem>;

export interface ImportSummary {
  /** "Row" (CSV: the spreadsheet row, the header being row 1) or "Question" (GIFT: counted from 1). */
  unit: "Row" | "Question";
  imported: number;
  /** Already in the bank (same text, answer type, options and correct answers) or earlier in the file. */
  duplicates: number;
  /** Each rejected row or question by number, with every reason (said in the teacher's language by summary-mail.ts). */
  rejected: { number: number; problems: RowProblem[] }[];
}
