import { createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import * as schema from "./schema";

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
   * with SQLITE_BUSY (default 5000 ms). Passed to the client rather than set by PRAGMA
   * because the client pools connections and applies this to every one it opens.
   */
  busyTimeoutMs?: number;
}

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

export function createLibsqlDb({ url, authToken, busyTimeoutMs = 5000 }: LibsqlOptions): Db {
  const local = url.startsWith("file:") || url === ":memory:";
  const client = createClient({
    url,
    authToken,
    timeout: busyTimeoutMs,
    ...(local ? { concurrency: LOCAL_POOL_SIZE } : {}),
  });
  const db = drizzle(client, { schema });
  if (local) inProcess.add(db);
  return db;
}
