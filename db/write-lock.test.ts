import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client, type InStatement, type TransactionMode } from "@libsql/client";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLibsqlDb, type Db } from "./client";
import { configureConnections } from "./migrate.node.ts";
import { waitForWriteLockOnTimers } from "./write-lock";

const files: string[] = [];
afterEach(() => files.splice(0).forEach((file) => [file, `${file}-wal`, `${file}-shm`].forEach((f) => rmSync(f, { force: true }))));

/** A file database with one table, and a second client on it that plays the other process. */
async function twoClients(patienceMs: number): Promise<{ db: Db; other: Client }> {
  const file = path.join(tmpdir(), `write-lock-${process.pid}-${Date.now()}-${files.length}.db`);
  files.push(file);
  const db = createLibsqlDb({ url: `file:${file}`, busyTimeoutMs: patienceMs });
  await configureConnections(db);
  await db.run(sql`create table answers (id integer primary key, value integer not null)`);
  return { db, other: createClient({ url: `file:${file}` }) };
}

describe("waiting for another process's write lock", () => {
  it("waits on timers, with the event loop free, and writes once the lock is released", async () => {
    const { db, other } = await twoClients(5000);
    const holder = await other.transaction("write"); // the other process holds the write lock…
    await holder.execute("insert into answers (id, value) values (1, 1)");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 2);
    let settled = false;
    const write = db.run(sql`insert into answers (id, value) values (2, 2)`).finally(() => (settled = true));
    // …while it does, this event loop keeps running timers. SQLite's own busy handler would
    // sleep the thread through the whole patience (5 s) and then fail the write, so a timer
    // that fires while the write still waits proves the loop was free; counting ticks per
    // millisecond would measure the machine's load instead (it failed at load 22).
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(settled).toBe(false);
    expect(ticks).toBeGreaterThan(0);
    await holder.commit();
    await write;
    clearInterval(ticker);
    const rows = await db.all<{ id: number }>(sql`select id from answers order by id`);
    expect(rows.map((row) => row.id)).toEqual([1, 2]);
    other.close();
  });

  it("gives up with SQLITE_BUSY after its patience, having written nothing", async () => {
    const { db, other } = await twoClients(100);
    const holder = await other.transaction("write");
    const started = Date.now();
    await expect(db.batch([db.run(sql`insert into answers (id, value) values (3, 3)`)])).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    await holder.rollback();
    expect(await db.all(sql`select id from answers`)).toEqual([]);
    other.close();
  });

  it("does not try again after any other error", async () => {
    const { db, other } = await twoClients(5000);
    const started = Date.now();
    // drizzle wraps the client's error ("Failed query: …") and keeps it as the cause.
    await expect(db.run(sql`insert into no_such_table values (1)`)).rejects.toMatchObject({ cause: { code: "SQLITE_ERROR", message: expect.stringMatching(/no such table/) } });
    expect(Date.now() - started).toBeLessThan(1000);
    other.close();
  });

  it("takes the write lock at BEGIN for a batch that writes (BEGIN IMMEDIATE), not for one that only reads", async () => {
    const modes: (TransactionMode | undefined)[] = [];
    const fake = {
      execute: async () => ({}),
      migrate: async () => [],
      transaction: async () => ({}),
      batch: async (_statements: InStatement[], mode?: TransactionMode) => {
        modes.push(mode);
        return [];
      },
    } as unknown as Client;
    const client = waitForWriteLockOnTimers(fake);
    await client.batch(["select 1", { sql: "  SELECT ?", args: [1] }]);
    await client.batch(["select 1", { sql: "update answers set value = 1", args: [] }]);
    await client.batch([["insert into answers values (?, ?)", [1, 1]]]);
    await client.batch(["select 1"], "write");
    expect(modes).toEqual(["deferred", "write", "write", "write"]);
  });

  it("runs a write that returns rows in a transaction of its own, so a failed commit is reported and tried again", async () => {
    const calls: string[] = [];
    const fake = {
      execute: async (statement: InStatement | string) => {
        calls.push(`execute ${typeof statement === "string" ? statement : statement.sql}`);
        return { rows: [] };
      },
      migrate: async () => [],
      transaction: async () => ({}),
      batch: async (statements: InStatement[], mode?: TransactionMode) => {
        calls.push(`batch ${mode} ${statements.map((s) => (Array.isArray(s) ? s[0] : typeof s === "string" ? s : s.sql)).join("; ")}`);
        return [{ rows: [{ id: 7 }] }];
      },
    } as unknown as Client;
    const client = waitForWriteLockOnTimers(fake);
    expect(await client.execute({ sql: "insert into answers (id, value) values (?, ?) returning id", args: [7, 1] })).toEqual({ rows: [{ id: 7 }] });
    expect(await client.execute("update answers set value = 2 returning id")).toEqual({ rows: [{ id: 7 }] });
    await client.execute({ sql: "insert into answers (id, value) values (?, ?)", args: [8, 1] });
    await client.execute("select id from answers");
    expect(calls).toEqual([
      "batch write insert into answers (id, value) values (?, ?) returning id",
      "batch write update answers set value = 2 returning id",
      "execute insert into answers (id, value) values (?, ?)",
      "execute select id from answers",
    ]);
  });

  it("a write that returns rows, on a real file: the rows come back and the row is stored", async () => {
    const { db, other } = await twoClients(5000);
    const client = (db as unknown as { $client: Client }).$client;
    const answer = await client.execute({ sql: "insert into answers (id, value) values (?, ?) returning id, value", args: [3, 9] });
    expect(answer.rows.map((row) => [row.id, row.value])).toEqual([[3, 9]]);
    expect((await other.execute("select id, value from answers")).rows.map((row) => [row.id, row.value])).toEqual([[3, 9]]);
  });

  it("stops loudly when a lock is met before configureConnections made statements settle after it (ADR 0058)", async () => {
    vi.resetModules();
    const fresh = (await import("./write-lock")) as typeof import("./write-lock");
    const busy = Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
    const lockedClient = () => ({ execute: async () => Promise.reject(busy), batch: async () => [], migrate: async () => [], transaction: async () => ({}) }) as unknown as Client;
    await expect(fresh.waitForWriteLockOnTimers(lockedClient()).execute("update answers set value = 1")).rejects.toThrow(/before configureConnections/);
    fresh.markBusyStatementsSettled();
    await expect(fresh.waitForWriteLockOnTimers(lockedClient(), 20).execute("update answers set value = 1")).rejects.toBe(busy);
  });
});
