import { getTableColumns, sql } from "drizzle-orm";
import { integer, SQLiteSyncDialect, sqliteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { rowSelect } from "./row-select";
import { quizAttempts, users } from "./schema";

describe("rowSelect", () => {
  it("lists every column in the table's order, as drizzle's insert … select asks", () => {
    expect(Object.keys(rowSelect(quizAttempts, { quizId: sql`7` }))).toEqual(Object.keys(getTableColumns(quizAttempts)));
  });

  it("refuses to leave out a column whose default is computed at insert time (a prepared statement would freeze it)", () => {
    expect(() => rowSelect(users, {})).toThrow(/created_at/);
  });

  it("takes a default written as SQL as that expression, and binds a plain default as a value", () => {
    const table = sqliteTable("t", { id: integer("id"), stamp: integer("stamp").default(sql`(unixepoch())`), count: integer("count").default(3) });
    const fields = rowSelect(table, {});
    const dialect = new SQLiteSyncDialect();
    const stamp = dialect.sqlToQuery(fields.stamp.sql);
    const count = dialect.sqlToQuery(fields.count.sql);
    expect(stamp.sql).toContain("(unixepoch())");
    expect(stamp.params).toEqual([]);
    expect(count.params).toEqual([3]);
  });
});
