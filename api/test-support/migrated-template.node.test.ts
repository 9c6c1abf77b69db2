import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Client } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { MIGRATIONS_FOLDER } from "../../db/migrate.node.ts";
import { createBusiness, createTestDb } from "./factories.node.ts";
import { migrationsHash } from "./migrated-template.node.ts";

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function copyOfMigrations(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "quiz-migrations-"));
  copies.push(dir);
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  return dir;
}

describe("test databases copied from one migrated template (ADR 0078, addendum)", () => {
  it("holds every migration of the journal, so migrating a copy finds nothing left to do", async () => {
    const db = await createTestDb();
    const client = (db as Db & { $client: Client }).$client;
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    const applied = await client.execute("select count(*) as n from __drizzle_migrations");
    expect(Number(applied.rows[0].n)).toBe(journal.entries.length);
    // The copy is a database of its own that takes writes.
    await createBusiness(db, { name: "Copy School" });
    expect(Number((await client.execute("select count(*) as n from businesses")).rows[0].n)).toBe(1);
  });

  it("names a new template when a migration is added or edited, so no test runs on an old schema", () => {
    const folder = copyOfMigrations();
    const before = migrationsHash(folder);
    expect(migrationsHash(folder)).toBe(before);
    writeFileSync(path.join(folder, "9999_next.sql"), "CREATE TABLE `next_one` (`id` integer);");
    const added = migrationsHash(folder);
    expect(added).not.toBe(before);
    writeFileSync(path.join(folder, "9999_next.sql"), "CREATE TABLE `next_one` (`id` integer, `name` text);");
    expect(migrationsHash(folder)).not.toBe(added);
  });

  it("gives every test its own file: a write in one database is not seen in the next", async () => {
    await createBusiness(await createTestDb(), { name: "Only Here" });
    const second = (await createTestDb()) as Db & { $client: Client };
    expect(Number((await second.$client.execute("select count(*) as n from businesses")).rows[0].n)).toBe(0);
  });
});
