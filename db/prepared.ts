import type { Db } from "./client";

/**
 * A query the hot path runs on every exam request, built once per database handle.
 *
 * drizzle builds a statement's SQL text from its query builder on every call, about a
 * third of an autosave's server CPU (docs/performance.md, "A whole school sits one exam").
 * A prepared query (`.prepare()` with `sql.placeholder`) is built once and only binds its
 * values afterwards. drizzle ties a prepared query to the handle it was built on, so it is
 * kept per handle: the Node server has one for its life, a Worker one per request (where
 * this costs what building the query did).
 *
 * Placeholders bypass the columns' encoders: pass driver values (epoch ms for timestamps,
 * 1/0 for booleans, JSON text for JSON columns).
 */
const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

export function prepared<Query>(db: Db, name: string, build: (db: Db) => Query): Query {
  let kept = preparedByDb.get(db);
  if (!kept) preparedByDb.set(db, (kept = new Map()));
  let query = kept.get(name) as Query | undefined;
  if (!query) kept.set(name, (query = build(db)));
  return query;
}
