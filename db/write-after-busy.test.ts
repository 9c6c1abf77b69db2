import { createClient, type Client } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { createLibsqlDb, type Db } from "./client";
import { configureConnections } from "./migrate.node.ts";
import { writeBatch } from "./raw-batch";
import { expectHealthyAfterLock } from "./test-support/lock-health.node";
import { scratchDatabases } from "./test-support/scratch-files.node";
import { writeTogether } from "./write-together";

/**
 * Issue 25 point 13: a write that met another process's write lock, whether it then gave up
 * or waited and wrote, leaves this process as healthy as before (expectHealthyAfterLock).
 * Before the fix a statement that got SQLITE_BUSY stayed half-run on its pooled connection:
 * the connection's next write never committed (SQLite commits only when no other write
 * statement is running), kept the lock and its snapshot, and every BEGIN IMMEDIATE on it failed.
 */
const scratch = scratchDatabases();

const clientOf = (db: Db) => (db as unknown as { $client: Client }).$client;

/** A file database with one table as this process opens it, and a second client on it that plays the other process. */
async function twoProcesses(patienceMs: number): Promise<{ db: Db; other: Client }> {
  const file = scratch.file("write-after-busy");
  const db = createLibsqlDb({ url: `file:${file}`, busyTimeoutMs: patienceMs });
  await configureConnections(db);
  await db.run(sql`create table answers (id integer primary key, value integer not null)`);
  await db.run(sql`insert into answers (id, value) values (1, 0)`);
  const other = scratch.close(createClient({ url: `file:${file}` }));
  scratch.close(clientOf(db));
  return { db, other };
}

const answers = sqliteTable("answers", { id: integer("id").primaryKey(), value: integer("value").notNull() });
const bump = sql`${answers.value} + 1`;
let nextId = 100;

/** Every way a write reaches the database: drizzle's calls, the raw batch and group commit of the autosave, and the client's migrate and interactive transactions (start, scripts). */
const writes: Record<string, (db: Db) => Promise<unknown>> = {
  "a single statement": (db) => db.update(answers).set({ value: bump }).where(eq(answers.id, 1)),
  "a batch": (db) => db.batch([db.insert(answers).values({ id: nextId++, value: 1 }), db.update(answers).set({ value: bump }).where(eq(answers.id, 1))]),
  "a write that returns rows": (db) => db.insert(answers).values({ id: nextId++, value: 1 }).returning(),
  "a prepared query": (db) => db.update(answers).set({ value: bump }).where(eq(answers.id, sql.placeholder("id"))).prepare().run({ id: 1 }),
  "the autosave's raw batch": (db) => writeBatch(db, [{ sql: "update answers set value = value + 1 where id = ?", args: [1] }]),
  "group commit": (db) => writeTogether(db, [{ sql: "insert into answers (id, value) values (?, 1)", args: [nextId++] }]),
  "a migration (the client's migrate)": (db) => clientOf(db).migrate([{ sql: "update answers set value = value + 1 where id = ?", args: [1] }]),
  "an interactive transaction": (db) => db.transaction(async (tx) => void (await tx.update(answers).set({ value: bump }).where(eq(answers.id, 1)))),
};

describe("a write that met another process's write lock", () => {
  it.each(Object.keys(writes))("%s that gave up leaves the process healthy", async (kind) => {
    const { db, other } = await twoProcesses(60);
    const holder = await other.transaction("write");
    await holder.execute("update answers set value = 1000 where id = 1");
    await expect(writes[kind](db)).rejects.toSatisfy(isBusy);
    await holder.commit();
    await expectHealthyAfterLock(db, other);
  });

  it.each(Object.keys(writes))("%s that waited and wrote leaves the process healthy", async (kind) => {
    const { db, other } = await twoProcesses(5000);
    const holder = await other.transaction("write");
    await holder.execute("update answers set value = 1000 where id = 1");
    const write = writes[kind](db);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await holder.commit();
    await write;
    const [row] = await db.select().from(answers).where(eq(answers.id, 1));
    expect(row.value, "written after the other process's commit, on its newest row").toBeGreaterThanOrEqual(1000);
    await expectHealthyAfterLock(db, other);
  });
});

/** SQLITE_BUSY as the client throws it, or wrapped by drizzle ("Failed query: …", the client's error as its cause). */
function isBusy(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: string } | null)?.code;
  return codeOf(error) === "SQLITE_BUSY" || codeOf((error as { cause?: unknown }).cause) === "SQLITE_BUSY";
}
