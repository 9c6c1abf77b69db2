import type { Client } from "@libsql/client";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { LOCAL_POOL_SIZE, type Db } from "../client";

/**
 * What "this process is healthy" means after one of its writes met another process's lock
 * (issue 25 point 13, docs/decisions/0058-every-write-settles.md): on every pooled
 * connection at once, a fresh write commits (the other process sees it, and can write
 * itself straight after: nothing of ours holds the lock), and a read sees the other
 * process's newest row (no connection kept an old snapshot). `other` opens no busy handler,
 * so "at once" is literal: a lock still held here fails its write with SQLITE_BUSY.
 */
export async function expectHealthyAfterLock(db: Db, other: Client): Promise<void> {
  await other.execute("create table if not exists lock_health (id integer primary key autoincrement, writer text not null)");
  const everyConnection = <T>(call: (index: number) => Promise<T>) => Promise.all(Array.from({ length: LOCAL_POOL_SIZE }, (_, index) => call(index)));

  // Overlapping calls borrow different pooled connections: each one writes once…
  await everyConnection((index) => db.run(sql`insert into lock_health (writer) values (${`this ${index}`})`));
  await db.batch([db.run(sql`insert into lock_health (writer) values ('this batch')`)]);
  // …and the other process sees every one of those writes and may write at once.
  const seen = await other.execute("select count(*) as n from lock_health where writer like 'this %'");
  expect(Number(seen.rows[0].n), "rows this process wrote that the other process sees").toBe(LOCAL_POOL_SIZE + 1);
  const newest = Number((await other.execute("insert into lock_health (writer) values ('other')")).lastInsertRowid);

  // Every connection of this process reads the other's newest row.
  const reads = await everyConnection(() => db.all<{ id: number }>(sql`select max(id) as id from lock_health`));
  expect(reads.map(([row]) => Number(row.id)), "the newest row as each connection reads it").toEqual(reads.map(() => newest));
}
