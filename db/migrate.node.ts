import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import { LOCAL_POOL_SIZE, sqliteBusyTimeoutOf, type Db } from "./client";
import { installBusySettling } from "./busy-statements.node.ts";
import { installStatementCache } from "./statement-cache.node.ts";

/** Resolved from this file, so `npm start`, tests and scripts work from any cwd. */
export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Brings the database up to the latest committed migration (db/migrations), idempotently.
 * Called at every start, so a fresh clone and each test database begin migrated. With
 * several server processes only the primary calls it, before the others start; they call
 * `configureConnections` (server/cluster.node.ts).
 */
export async function migrateDatabase(db: Db): Promise<void> {
  await configureConnections(db);
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
      return;
    } catch (error) {
      // Several app servers of one database (ADR 0090) start together and each migrates: they
      // all read "nothing applied", and all but the first fail on a table the first just made.
      // Drizzle sends the pending migrations and their records as one batch (one transaction),
      // so a failed one changed nothing, and the next try reads them applied and has nothing
      // to do. A migration that fails on its own fails every try: its error is the answer.
      if (attempt >= MIGRATE_ATTEMPTS) throw error;
    }
  }
}

/** Tries of the migrator at start: the first, and one per other server that may have won the race. */
const MIGRATE_ATTEMPTS = 3;

/** Everything migrateDatabase does but the migrations: the settings of this process's connections. */
export async function configureConnections(db: Db): Promise<void> {
  // `Db` is typed without drizzle's `$client` (it also stands for D1); this is libSQL here.
  const client = (db as Db & { $client: Client }).$client;
  if (client.protocol === "file") {
    // A statement that met another process's lock never stays half-run on its connection
    // (busy-statements.node.ts), and every connection keeps its prepared statements
    // (statement-cache.node.ts), which are then watched once, when first prepared.
    installBusySettling();
    installStatementCache();
    // WAL lets readers carry on while one writer commits; the file remembers this mode.
    await client.execute("PRAGMA journal_mode=WAL");
    await configureEveryConnection(client, sqliteBusyTimeoutOf(db));
  }
  // libSQL enables foreign keys by default; say so explicitly rather than rely on it.
  await client.execute("PRAGMA foreign_keys=ON");
}

/**
 * synchronous=NORMAL is crash-safe in WAL mode (a power cut may lose the last commits, never
 * corrupt the file) and ~3x faster per write than FULL (stack-notes). busy_timeout is 0 for
 * a file: another process's write lock (the other server processes, the create-owner CLI,
 * a test) is waited for on timers, never by sleeping the thread (db/write-lock.ts). Both are
 * per connection and the client pools connections, so issue them on every pooled connection
 * at once: overlapping calls each borrow a different connection, and idle connections are
 * reused, never reopened. (busy_timeout is also passed to the client in db/client.ts, which
 * covers any connection opened later.)
 */
async function configureEveryConnection(client: Client, busyTimeoutMs: number): Promise<void> {
  await Promise.all(
    Array.from({ length: LOCAL_POOL_SIZE }, () =>
      client.executeMultiple(`PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=${Math.round(busyTimeoutMs)};`),
    ),
  );
}
