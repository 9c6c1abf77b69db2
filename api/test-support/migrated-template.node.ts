/**
 * One migrated database file per set of migrations, which every test database starts as a copy
 * of (ADR 0078, addendum). Running the 24-odd migrations cost ~40 ms of CPU for each of the
 * suite's ~1,000 test databases; a copy costs well under one. The file is named by a hash of the
 * migrations themselves, so a new or edited migration makes a new template (also in watch mode),
 * and test databases are still passed through migrateDatabase (a no-op on a current copy), so a
 * template can never leave a test on an old schema.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@libsql/client";
import { createLibsqlDb, type Db } from "../../db/client";
import { MIGRATIONS_FOLDER, migrateDatabase } from "../../db/migrate.node.ts";

let template: Promise<string> | undefined;

/** The path of a fully migrated database file to copy (made once per machine and migration set). */
export function migratedTemplate(): Promise<string> {
  template ??= makeTemplate();
  return template;
}

/** What drizzle's migrator reads: every SQL file and the journal, by name and content. */
export function migrationsHash(folder = MIGRATIONS_FOLDER): string {
  const hash = createHash("sha256");
  const files = [...readdirSync(folder).filter((name) => name.endsWith(".sql")), path.join("meta", "_journal.json")].sort();
  for (const name of files) hash.update(name).update("\0").update(readFileSync(path.join(folder, name))).update("\0");
  return hash.digest("hex").slice(0, 16);
}

async function makeTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `quiz-test-template-${migrationsHash()}.db`);
  if (existsSync(file)) return file;
  // Built under a name of its own and renamed into place: test files starting side by side may
  // each build one, and a reader only ever sees a complete file.
  const building = `${file}.${process.pid}.${Date.now()}.building`;
  const db: Db = createLibsqlDb({ url: `file:${building}` });
  const client = (db as Db & { $client: Client }).$client;
  await migrateDatabase(db);
  // Everything into the main file, so a copy of that file alone holds the whole schema.
  const checkpoint = await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  if (Number(checkpoint.rows[0]?.[0]) !== 0) throw new Error(`The test template ${building} could not be checkpointed`);
  client.close();
  renameSync(building, file);
  for (const leftover of [`${building}-wal`, `${building}-shm`]) rmSync(leftover, { force: true });
  return file;
}
