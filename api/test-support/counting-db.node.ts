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
  /** The calls to the database since the last `reset` (an execute, or a batch however many statements it holds). */
  roundTrips(): number;
  /** The most values one statement bound since the last `reset` (D1 binds at most 100: db/statement-limits.ts). */
  mostBound(): number;
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
  const client = createClient({ url: `file:${file}` });
  const { counting, counts } = countingClient(client);
  return { db: drizzle(counting, { schema }), statements: () => counts.statements, roundTrips: () => counts.roundTrips, mostBound: () => counts.mostBound, reset: () => void Object.assign(counts, { statements: 0, roundTrips: 0, waits: 0, mostBound: 0, sent: [] }) };
}

/**
 * `client` with counters: every statement it runs; every call that goes to the database as one
 * request (an execute, or a batch however many statements it holds), which on a remote
 * database (sqld, Turso) is a network round trip; and the waits, the calls made while no other
 * was in flight: calls sent together (Promise.all) wait for the network once, so the waits are
 * what a request's latency grows by per round trip's time.
 */
export function countingClient(client: Client): { counting: Client; counts: RoundTripCounts } {
  const counts: RoundTripCounts = { statements: 0, roundTrips: 0, waits: 0, mostBound: 0, sent: [] };
  const textOf = (statement: unknown) => (typeof statement === "string" ? statement : String((statement as { sql?: string }).sql)).slice(0, 90);
  let inFlight = 0;
  const boundBy = (statement: unknown) => {
    const args = typeof statement === "string" ? undefined : (statement as { args?: unknown }).args;
    return Array.isArray(args) ? args.length : args && typeof args === "object" ? Object.keys(args).length : 0;
  };
  const send = (statements: unknown[], run: () => Promise<unknown>) => {
    counts.statements += statements.length;
    counts.mostBound = Math.max(counts.mostBound, ...statements.map(boundBy));
    counts.roundTrips++;
    if (inFlight === 0) counts.waits++;
    counts.sent.push(statements.map(textOf).join(" ; "));
    inFlight++;
    return run().finally(() => inFlight--);
  };
  const counting = new Proxy(client, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === "execute") return (...args: unknown[]) => send([args[0]], () => value.apply(target, args));
      if (key === "batch") return (stmts: unknown[], ...rest: unknown[]) => send(stmts, () => value.apply(target, [stmts, ...rest]));
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as Client;
  return { counting, counts };
}

export interface RoundTripCounts {
  statements: number;
  roundTrips: number;
  waits: number;
  /** The most values one statement bound. */
  mostBound: number;
  /** Each round trip's SQL, shortened (a batch's statements joined by " ; "): what a count is made of. */
  sent: string[];
}
