import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOCAL_POOL_SIZE, createLibsqlDb, type Db } from "./client";
import { createTestDb } from "../api/test-support/factories.node.ts";
import { migrateDatabase } from "./migrate.node.ts";

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

const EXPECTED_TABLES = [
  "admin_settings", "api_key_pairs", "attempt_answers", "businesses", "categories", "certificates", "class_imports", "class_students", "class_teachers", "classes", "courses",
  "departments", "email_outbox", "email_verification_tokens", "files", "login_throttle", "lti_contexts", "lti_deep_link_requests", "lti_deployments", "lti_grade_sends", "lti_platforms", "lti_resource_links",
  "lti_tool_keys", "lti_used_nonces", "lti_users", "mfa_recovery_codes", "modules", "offline_payment_requests", "password_reset_tokens",
  "payment_events", "payment_settings", "profiles", "question_feedback", "question_imports", "question_options",
  "question_tags", "question_votes", "questions", "quiz_attempts", "quiz_classes", "quiz_extra_time", "quiz_overrides", "quiz_questions", "quiz_ratings", "quiz_sources",
  "quizzes", "refresh_tokens", "server_leases", "sessions", "subscribers", "subscription_plans", "tags", "user_mfa", "users",
];

const TABLES_QUERY =
  "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%migrations' order by name";

async function tableNames(db: Db) {
  const rows = await db.all<{ name: string }>(sql.raw(TABLES_QUERY));
  return rows.map((r) => r.name);
}

describe("migrations", () => {
  it("create every table in a fresh file database, with WAL and foreign keys on", async () => {
    const db = await createTestDb();
    expect(await tableNames(db)).toEqual(EXPECTED_TABLES);
    expect(await db.get(sql`PRAGMA journal_mode`)).toEqual({ journal_mode: "wal" });
    expect(await db.get(sql`PRAGMA foreign_keys`)).toEqual({ foreign_keys: 1 });
  });

  it("leave every pooled connection in synchronous=NORMAL (per-connection setting)", async () => {
    const db = await createTestDb();
    // Overlapping calls borrow different connections from the client's pool.
    const rows = await Promise.all(
      Array.from({ length: LOCAL_POOL_SIZE }, () => db.get<{ synchronous: number }>(sql`PRAGMA synchronous`)),
    );
    expect(rows.map((r) => r.synchronous)).toEqual(Array(LOCAL_POOL_SIZE).fill(1));
  });

  it("are idempotent: migrating twice changes nothing", async () => {
    const db = await createTestDb();
    await migrateDatabase(db);
    const applied = await db.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`);
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith(".sql"));
    expect(applied[0].n).toBe(files.length);
  });

  it("work on an in-memory database too", async () => {
    const db = createLibsqlDb({ url: ":memory:" });
    await migrateDatabase(db);
    expect(await tableNames(db)).toEqual(EXPECTED_TABLES);
  });

  // `wrangler d1 migrations apply` runs each .sql file as plain SQL; do the same here.
  it("are plain SQL that applies without drizzle (as wrangler d1 does)", async () => {
    const client = createClient({ url: ":memory:" });
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith(".sql")).sort();
    for (const file of files) {
      await client.executeMultiple(readFileSync(path.join(migrationsDir, file), "utf8"));
    }
    const { rows } = await client.execute(TABLES_QUERY);
    expect(rows.map((r) => r.name)).toEqual(EXPECTED_TABLES);
    client.close();
  });
});
