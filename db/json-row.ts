import { getTableColumns, type InferSelectModel, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { qualified } from "./qualified";

/**
 * A table's row read as one JSON array instead of a column each, on the exam's hot reads.
 * The libSQL client builds each row with two property definitions a column and drizzle then
 * maps it again: for the 21 columns of an attempt that cost more than SQLite's own lookup, on
 * every autosave, save, submit and review (issue 25 point 8, docs/performance.md). Each value is
 * read back with its column's own decoder, as drizzle reads a row (dates, booleans, JSON text).
 *
 * Real columns stay columns of their own (`apart`): SQLite writes a real into JSON with 15
 * significant digits, so 0.1 + 0.2 would not come back as it was stored.
 */
export function jsonRowOf<T extends SQLiteTable>(table: T) {
  const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][];
  const inJson = columns.filter(([, column]) => column.columnType !== "SQLiteReal");
  const apart = columns.filter(([, column]) => column.columnType === "SQLiteReal");
  return {
    /** json_array of the row's columns but the real ones, followed by `extra` values (read back by the caller from `values[width]` on). */
    json: (...extra: SQL[]): SQL<string> => sql<string>`json_array(${sql.join([...inJson.map(([, column]) => qualified(column)), ...extra], sql`, `)})`,
    /** How many values of the array are the row's. */
    width: inJson.length,
    /** The real columns, as fields of a select (drizzle reads them as it always did). */
    apart: Object.fromEntries(apart) as Record<string, SQLiteColumn>,
    /** The row from the array and the select's row that holds the real columns (under their own names). */
    read(values: readonly unknown[], selected: Readonly<Record<string, unknown>>): InferSelectModel<T> {
      const row: Record<string, unknown> = {};
      for (const [key] of apart) row[key] = selected[key];
      for (let i = 0; i < inJson.length; i++) {
        const value = values[i];
        row[inJson[i][0]] = value === null || value === undefined ? null : inJson[i][1].mapFromDriverValue(value);
      }
      return row as InferSelectModel<T>;
    },
  };
}
