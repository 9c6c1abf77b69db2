import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { createLibsqlDb, type Db } from "./client";
import * as rawBatch from "./raw-batch";
import { writeTogether } from "./write-together";

const files: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  files.splice(0).forEach((file) => [file, `${file}-wal`, `${file}-shm`].forEach((f) => rmSync(f, { force: true })));
});

async function database(): Promise<Db> {
  const file = path.join(tmpdir(), `write-together-${process.pid}-${Date.now()}-${files.length}.db`);
  files.push(file);
  const db = createLibsqlDb({ url: `file:${file}` });
  await db.run(sql`create table answers (id integer primary key, value integer not null check (value >= 0))`);
  return db;
}

const insert = (id: number, value: number) => [{ sql: "insert into answers (id, value) values (?, ?)", args: [id, value] }];
const rows = (db: Db) => db.all<{ id: number; value: number }>(sql`select id, value from answers order by id`);

it("writes that arrive together are committed in one transaction, each told what it changed", async () => {
  const db = await database();
  const batches = vi.spyOn(rawBatch, "writeBatch");
  const changed = await Promise.all([
    writeTogether(db, insert(1, 10)),
    writeTogether(db, [...insert(2, 20), { sql: "update answers set value = value + 1 where id = ?", args: [99] }]),
    writeTogether(db, insert(3, 30)),
  ]);
  expect(changed).toEqual([[1], [1, 0], [1]]);
  expect(batches).toHaveBeenCalledTimes(1);
  expect(await rows(db)).toEqual([
    { id: 1, value: 10 },
    { id: 2, value: 20 },
    { id: 3, value: 30 },
  ]);
});

it("a write that fails fails alone: the others of its group are committed", async () => {
  const db = await database();
  const [first, broken, third] = await Promise.allSettled([writeTogether(db, insert(1, 10)), writeTogether(db, insert(2, -1)), writeTogether(db, insert(3, 30))]);
  expect(first).toEqual({ status: "fulfilled", value: [1] });
  expect(broken.status).toBe("rejected");
  expect(String((broken as PromiseRejectedResult).reason)).toMatch(/CHECK constraint/);
  expect(third).toEqual({ status: "fulfilled", value: [1] });
  expect(await rows(db)).toEqual([
    { id: 1, value: 10 },
    { id: 3, value: 30 },
  ]);
});

it("a write of its own statements is all or nothing", async () => {
  const db = await database();
  await expect(writeTogether(db, [...insert(1, 10), ...insert(2, -1)])).rejects.toThrow(/CHECK constraint/);
  expect(await rows(db)).toEqual([]);
});

it("a write after the group has gone waits for a group of its own", async () => {
  const db = await database();
  await writeTogether(db, insert(1, 10));
  expect(await writeTogether(db, insert(2, 20))).toEqual([1]);
  expect((await rows(db)).length).toBe(2);
});
