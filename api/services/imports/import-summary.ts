/** One question of an import file, before the question rules: its input, or why it cannot be read. */
export type ImportCandidate = { number: number; input: unknown } | { number: number; reason: string };

export interface ImportSummary {
  /** "Row" (CSV: the spreadsheet row, the header being row 1) or "Question" (GIFT: counted from 1). */
  unit: "Row" | "Question";
  imported: number;
  /** Already in the bank (same text, answer type, options and correct answers) or earlier in the file. */
  duplicates: number;
  rejected: { number: number; reason: string }[];
}

/** Field paths of the question rules as the import file names them (CSV columns). */
export function describeErrors(errors: Record<string, string>, columnOf: (path: string) => string = (path) => path): string {
  return Object.entries(errors)
    .map(([path, message]) => (path === "_" ? message : `${message} (${columnOf(path)})`))
    .join("; ");
}
