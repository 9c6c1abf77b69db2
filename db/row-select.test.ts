import { getTableColumns, sql } from "drizzle-orm";
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
});
