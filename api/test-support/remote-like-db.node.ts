import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { createTestDb } from "./factories.node";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";

/**
 * A migrated test database whose every call waits a few milliseconds first, as a round trip
 * to Turso or D1 does. The embedded libSQL file answers synchronously, so two requests in one
 * test never interleave between a read and the write that depends on it; with a round trip
 * they do, as in production, and a race test can show a check-then-write gap. Nothing else
 * changes: the same file, the same SQL, the same transactions. `beforeBatch` runs before each
 * batch is sent, with its statements' SQL, so a test can hold writers until several have read
 * (see `rendezvous`); `beforeExecute` runs before each single statement is sent, with its SQL, so
 * a test can hold one request's statement until another request has done something (a start's
 * insert until a teacher's save has landed, say). `readsSideBySide` makes db/prepared-batch.ts
 * readTogether send its reads one by one at once, as it does on D1 (it tells D1 by a client
 * without `execute`), so the reads of one request no longer see one moment.
 */
const folders: string[] = [];

export async function createRemoteLikeDb(
  options: { roundTripMs?: number; beforeBatch?: (sqls: string[]) => Promise<void>; beforeExecute?: (sql: string) => Promise<void>; readsSideBySide?: boolean } = {},
): Promise<Db> {
  const { roundTripMs = 2, beforeBatch, beforeExecute, readsSideBySide = false } = options;
  const folder = mkdtempSync(path.join(tmpdir(), "quiz-remote-like-"));
  if (folders.length === 0) process.once("exit", () => folders.forEach((made) => rmSync(made, { recursive: true, force: true })));
  folders.push(folder);
  const file = path.join(folder, "quiz.db");
  await createTestDb({ url: `file:${file}` });
  const client = createClient({ url: `file:${file}`, concurrency: 8 });
  const roundTrip = () => new Promise((resolve) => setTimeout(resolve, roundTripMs));
  const remote = new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "execute") return async (...args: unknown[]) => (await roundTrip(), await beforeExecute?.(sqlOf(args[0])), value.apply(target, args));
      if (key === "batch") return async (...args: unknown[]) => (await roundTrip(), await beforeBatch?.((args[0] as unknown[]).map(sqlOf)), value.apply(target, args));
      return typeof value === "function" ? value.bind(target) : value;
    },
    has: (target, key) => !(readsSideBySide && key === "execute") && Reflect.has(target, key),
  }) as Client;
  return drizzle(remote, { schema });
}

/** The SQL text of an execute's first argument (a string, or `{ sql, args }`). */
const sqlOf = (statement: unknown): string => (typeof statement === "string" ? statement : ((statement as { sql?: string } | undefined)?.sql ?? ""));

/**
 * A meeting point for `parties` callers: each waits until all have arrived, then all go on
 * together; after that it lets everyone through. Used as `beforeBatch`, it makes two requests
 * finish their reads before either writes, the worst case of a race, every time.
 */
export function rendezvous(parties: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => (release = resolve));
  return () => {
    if (arrived >= parties) return Promise.resolve();
    arrived += 1;
    if (arrived === parties) release();
    return together;
  };
}
