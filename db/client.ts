import { createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema";
import { waitForWriteLockOnTimers, WRITE_LOCK_PATIENCE_MS } from "./write-lock";
import { REMOTE_WRITES_IN_FLIGHT, takeTurnsToWrite } from "./write-turns";

export type Schema = typeof schema;

/**
 * The database handle every service uses. On Workers with a D1 binding the D1 drizzle
 * database is used through this same type: both are async SQLite dialects with the same
 * query builder and `batch()`. Services must not rely on interactive transactions (D1 has
 * none); atomic multi-row writes go through `db.batch([...])`.
 */
export type Db = LibSQLDatabase<Schema>;

export interface LibsqlOptions {
  url: string;
  authToken?: string;
  /**
   * How long a local `file:` database waits for another connection's lock before failing
   * with SQLITE_BUSY (default 5000 ms).
   */
  busyTimeoutMs?: number;
  /**
   * How a local file waits for that lock: `timers` (the default) tries again on timers while
   * the event loop serves other requests (db/write-lock.ts); `sleep` is SQLite's own busy
   * handler, which sleeps the thread (kept for the comparison in bench/write-lock.ts).
   */
  lockWait?: "timers" | "sleep";
}

/** The SQLite busy_timeout each pooled connection of a local file gets (db/migrate.node.ts). */
const sqliteBusyTimeout = new WeakMap<Db, number>();
export const sqliteBusyTimeoutOf = (db: Db): number => sqliteBusyTimeout.get(db) ?? WRITE_LOCK_PATIENCE_MS;

/**
 * How many connections the client may open to a local file. libSQL runs each statement
 * synchronously, so more connections add no parallelism; they only serve overlapping
 * calls (Promise.all, an open transaction). A fixed, small pool lets migrateDatabase
 * configure every connection once (per-connection PRAGMAs, see db/migrate.node.ts).
 */
export const LOCAL_POOL_SIZE = 8;

/** The handles over a local file (or memory): their statements run on the caller's thread. */
const inProcess = new WeakSet<Db>();

/**
 * Whether `db` runs its statements in this process, synchronously (a local libSQL file): a
 * long batch there holds the event loop, so long loops of writes use small batches (question
 * import). Remote databases (Turso, D1) are plain I/O and keep large batches.
 */
export const runsInProcess = (db: Db): boolean => inProcess.has(db);

export function createLibsqlDb({ url, authToken, busyTimeoutMs = WRITE_LOCK_PATIENCE_MS, lockWait = "timers" }: LibsqlOptions): Db {
  const local = url.startsWith("file:") || url === ":memory:";
  // Only a file is shared with other processes; SQLite then must not sleep the thread (0).
  const onTimers = lockWait === "timers" && url.startsWith("file:");
  const sqliteTimeout = onTimers ? 0 : busyTimeoutMs;
  const client = createClient({
    url,
    authToken,
    timeout: sqliteTimeout,
    ...(local ? { concurrency: LOCAL_POOL_SIZE } : {}),
  });
  if (onTimers) waitForWriteLockOnTimers(client, busyTimeoutMs);
  // Over a URL SQLite's one writer is inside the database server: writes queue here instead,
  // at most REMOTE_WRITES_IN_FLIGHT in it at once (db/write-turns.ts).
  if (!local) takeTurnsToWrite(client, { limit: REMOTE_WRITES_IN_FLIGHT, patienceMs: busyTimeoutMs });
  const db = drizzle(client, { schema });
  if (local) {
    inProcess.add(db);
    sqliteBusyTimeout.set(db, sqliteTimeout);
  }
  return db;
}
