import { tmpdir } from "node:os";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema";
import { createTestDb } from "./factories.node";

export interface CountingDb {
  db: Db;
  /** The statements run since the last `reset` (a batch counts each of its statements). */
  statements(): number;
  reset(): void;
}

/**
 * A migrated test database read through a client that counts the statements it runs, so a
 * test can pin how many statements a request costs (a query per row, or one read too many on
 * a hot path, shows as a number). The same kind of database and SQL as every other test.
 */
export async function createCountingDb(): Promise<CountingDb> {
  const file = path.join(tmpdir(), `quiz-count-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.db`);
  await createTestDb({ url: `file:${file}` });
  let statements = 0;
  const client = createClient({ url: `file:${file}` });
  const counting = new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "execute") return (...args: unknown[]) => (statements++, value.apply(target, args));
      if (key === "batch") return (stmts: unknown[], ...rest: unknown[]) => ((statements += stmts.length), value.apply(target, [stmts, ...rest]));
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Client;
  return { db: drizzle(counting, { schema }), statements: () => statements, reset: () => void (statements = 0) };
}
