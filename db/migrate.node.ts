import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@libsql/client";
import { migrate } from "drizzle-orm/libsql/migrator";
import type { Db } from "./client";

/** Resolved from this file, so `npm start`, tests and scripts work from any cwd. */
const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * Brings the database up to the latest committed migration (db/migrations), idempotently.
 * Called at every start, so a fresh clone and each test database begin migrated.
 */
export async function migrateDatabase(db: Db): Promise<void> {
  // `Db` is typed without drizzle's `$client` (it also stands for D1); this is libSQL here.
  const client = (db as Db & { $client: Client }).$client;
  if (client.protocol === "file") {
    // Embedded SQLite tuning. WAL lets readers carry on while one writer commits (the file
    // keeps this mode); synchronous=NORMAL is crash-safe in WAL mode and ~3x faster per
    // write than FULL (measured in stack-notes); busy_timeout makes a second process (the
    // create-owner CLI, a test) wait for the lock instead of failing with SQLITE_BUSY.
    // synchronous and busy_timeout are per connection: the client reuses this connection
    // for ordinary calls, and applies busy_timeout to any extra one itself (db/client.ts).
    await client.execute("PRAGMA journal_mode=WAL");
    await client.execute("PRAGMA synchronous=NORMAL");
    await client.execute("PRAGMA busy_timeout=5000");
  }
  // libSQL enables foreign keys by default; say so explicitly rather than rely on it.
  await client.execute("PRAGMA foreign_keys=ON");
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}
