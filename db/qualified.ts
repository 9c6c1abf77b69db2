import { getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * A column written as "table"."column" whatever query it sits in. drizzle writes bare column
 * names in the fields of a one-table select, so a subquery there that joins other tables
 * would read "id" as its own table's (or an ambiguous) column.
 */
export function qualified(column: SQLiteColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
