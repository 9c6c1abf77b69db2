import type { Db } from "./client";

/**
 * Statements written as SQL text with bound values, run as one write transaction by the
 * database's own client: the embedded libSQL file or Turso (`@libsql/client`'s batch) and D1
 * (its batch of prepared statements). For the exam's hottest write only (autosave,
 * docs/decisions/0056-autosaves-written-together.md): drizzle builds a statement's SQL again
 * on every call, which cost more CPU than SQLite's own work on that path. Everything else
 * goes through drizzle's query builder.
 *
 * Values are driver values, as the columns store them: epoch ms for timestamps, 1/0 for
 * booleans, JSON text for JSON columns.
 */
export type RawValue = string | number | null;

export interface RawStatement {
  sql: string;
  args: RawValue[];
}

interface LibsqlClient {
  execute: unknown;
  batch(statements: { sql: string; args: RawValue[] }[], mode: "write"): Promise<{ rowsAffected: number }[]>;
}

interface D1Client {
  prepare(sql: string): { bind(...values: RawValue[]): unknown };
  batch(statements: unknown[]): Promise<{ meta: { changes: number } }[]>;
}

/** Runs `statements` in one transaction (all or nothing); the number of rows each one changed. */
export async function writeBatch(db: Db, statements: RawStatement[]): Promise<number[]> {
  const client = (db as unknown as { $client: LibsqlClient | D1Client }).$client;
  if ("execute" in client) {
    const results = await client.batch(statements, "write");
    return results.map((result) => result.rowsAffected);
  }
  const results = await client.batch(statements.map((statement) => client.prepare(statement.sql).bind(...statement.args)));
  return results.map((result) => result.meta.changes);
}
