import type { D1Database } from "@cloudflare/workers-types";
import { drizzle } from "drizzle-orm/d1";
import type { Db } from "./client";
import * as schema from "./schema";

/**
 * The database on Workers when the Worker has a D1 binding (local `wrangler dev` runs and CI;
 * production uses Turso over HTTP through `createLibsqlDb`). Same schema, same query builder.
 */
export function createD1Db(binding: D1Database): Db {
  const db = drizzle(binding, { schema });
  // Why the cast: services are typed against one `Db` (the libSQL drizzle database). Both
  // are drizzle's async SQLite dialect over the same schema, with the same query builder,
  // relational queries and `batch()`. The differences are the raw client (`$client`: only
  // db/migrate.node.ts touches it, and only on Node) and interactive transactions, which D1
  // lacks and which services therefore avoid (atomic writes go through `db.batch([...])`).
  // One more: D1's batch() binds only query-builder statements; raw `db.all(sql\`…\`)` with
  // parameters fails inside it, so raw reads run side by side (Promise.all) instead.
  return db as unknown as Db;
}
