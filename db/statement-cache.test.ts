import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestDb } from "../api/test-support/factories.node";
import { installStatementCache } from "./statement-cache.node";

installStatementCache();
interface Statement {
  columns(): unknown[];
  raw(on?: boolean): Statement;
  all(args: unknown[]): unknown[];
  run(args: unknown[]): unknown;
}
const Database = createRequire(createRequire(import.meta.url).resolve("@libsql/client"))("libsql") as new (path: string) => {
  prepare(sql: string): Statement;
  exec(sql: string): void;
};

describe("prepared statements kept per connection", () => {
  it("hands the same statement back for the same SQL on one connection, a new one on another", () => {
    const one = new Database(":memory:");
    const other = new Database(":memory:");
    expect(one.prepare("select 1")).toBe(one.prepare("select 1"));
    expect(one.prepare("select 1")).not.toBe(other.prepare("select 1"));
    expect(one.prepare("select 2")).not.toBe(one.prepare("select 1"));
  });

  it("keeps at most 256 statements per connection, the least recently used going first", () => {
    const db = new Database(":memory:");
    const first = db.prepare("select 0");
    for (let n = 1; n <= 255; n++) db.prepare(`select ${n}`);
    expect(db.prepare("select 0")).toBe(first); // used again: now the most recent
    db.prepare("select 256"); // evicts "select 1", not "select 0"
    expect(db.prepare("select 0")).toBe(first);
    const before = db.prepare("select 2");
    for (let n = 300; n < 600; n++) db.prepare(`select ${n}`);
    expect(db.prepare("select 2")).not.toBe(before);
  });

  it("remembers a statement's columns and whether it returns rows, as first answered", () => {
    const db = new Database(":memory:");
    db.exec("create table t (a integer, b text)");
    const select = db.prepare("select a, b from t where a = ?");
    expect(select.columns()).toBe(select.columns());
    expect((select.columns() as { name: string }[]).map((column) => column.name)).toEqual(["a", "b"]);
    expect(select.raw(true)).toBe(select);
    const insert = db.prepare("insert into t values (?, ?)");
    let first: unknown;
    try {
      insert.raw(true);
    } catch (error) {
      first = error;
    }
    expect(first).toBeInstanceOf(Error);
    expect(() => insert.raw(true)).toThrow(first as Error);
    insert.run([1, "one"]);
    expect(select.raw(true).all([1])).toEqual([[1, "one"]]);
  });

  it("answers each call with its own parameters, after a failed run, and after the schema changes", async () => {
    const db = await createTestDb();
    await db.run(sql`create table kept (id integer primary key, name text unique)`);
    const insert = (name: string) => db.run(sql`insert into kept (name) values (${name})`);
    const find = (name: string) => db.all<{ id: number; name: string }>(sql`select * from kept where name = ${name}`);
    await insert("ada");
    await insert("alan");
    await expect(insert("ada")).rejects.toMatchObject({ cause: { message: expect.stringMatching(/UNIQUE/) } });
    await insert("grace");
    expect((await find("ada")).map((row) => row.name)).toEqual(["ada"]);
    expect((await find("grace")).map((row) => row.id)).toEqual([3]);
    expect(await find("nobody")).toEqual([]);
    await db.run(sql`alter table kept add column born integer`);
    expect(await find("alan")).toEqual([{ id: 2, name: "alan", born: null }]);
    const client = (db as unknown as { $client: { executeMultiple(sql: string): Promise<void> } }).$client;
    await client.executeMultiple("alter table kept add column died integer;");
    expect(await find("alan")).toEqual([{ id: 2, name: "alan", born: null, died: null }]);
  });

  it("leaves no read open behind a cached statement: another connection's writes are seen and the log is checkpointed", async () => {
    const db = await createTestDb();
    await db.run(sql`create table counter (n integer)`);
    await db.run(sql`insert into counter values (1)`);
    const read = () => db.all<{ n: number }>(sql`select n from counter`);
    expect(await read()).toEqual([{ n: 1 }]);
    await Promise.all([db.run(sql`update counter set n = 2`), read()]);
    expect(await read()).toEqual([{ n: 2 }]);
    const [checkpoint] = await db.all<{ busy: number }>(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
    expect(checkpoint.busy).toBe(0);
  });
});
