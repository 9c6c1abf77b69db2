import { getTableColumns, type Table } from "drizzle-orm";

/**
 * D1 binds at most 100 parameters per statement, so a multi-row INSERT must keep
 * rows × columns ≤ 100. Split big inserts with `chunkRows` and send the pieces in one
 * `db.batch([...])` (still one round trip, still atomic).
 */
export const MAX_BOUND_PARAMETERS = 100;

/** How many rows of `table` fit in one statement (every column counted as a parameter). */
export function rowsPerStatement(table: Table): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns));
}

export function chunkRows<T>(rows: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
