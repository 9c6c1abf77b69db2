import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The select list of an `insert … select` that adds one row to `table`: every column in the
 * table's order (drizzle asks for all of them, in that order), the given expression for the
 * named ones and the column's own default (or null: an id, a nullable column) for the rest.
 * Such an insert carries a WHERE, so a row is added only while a condition holds, decided
 * inside the write itself (D1 and Turso have no interactive transactions: ADR 0022).
 *
 * A column whose default is computed in JavaScript (a clock) must be given: a prepared
 * statement would freeze the value it had when it was built.
 */
export function rowSelect<Table extends SQLiteTable>(table: Table, given: { [Key in keyof Table["$inferInsert"]]?: SQL }): { [Key in keyof Table["$inferInsert"]]-?: SQL.Aliased } {
  const fields: Record<string, SQL.Aliased> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const expression = (given as Record<string, SQL | undefined>)[key];
    if (expression) fields[key] = expression.as(column.name);
    else if (column.defaultFn || column.onUpdateFn) throw new Error(`rowSelect: give ${column.name}, its default is computed at insert time`);
    else if (column.default !== undefined) fields[key] = sql`${sql.param(column.default, column)}`.as(column.name);
    else fields[key] = sql`null`.as(column.name);
  }
  return fields as { [Key in keyof Table["$inferInsert"]]-?: SQL.Aliased };
}
