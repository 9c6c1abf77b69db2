import { fillPlaceholders } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/**
 * Prepared queries (db/prepared.ts) sent to the database together: on libSQL (a file, sqld,
 * Turso) one `db.batch`, so one request to a remote database instead of one each (issue 30
 * point 4, ADR 0090), without building their SQL again (drizzle's batch takes query builders
 * only, and binds no placeholders). On D1 they go side by side instead (Promise.all: still one
 * wait): drizzle's D1 batch maps each row by its column names, and a join's two `name` columns
 * would collapse into one and shift the rest (its single statements read rows as arrays).
 * So a caller may not count on the reads seeing one moment: what must be consistent is asked
 * in one statement (start-quiz.ts: the paper, whether the quiz is taken, and the stamps its
 * insert checks; a start whose gate and paper saw the quiz at two moments reads again).
 *
 * What a prepared query of drizzle's libSQL driver has: its SQL with placeholders
 * (`getQuery`) and how it maps a batch's result (`mapResult`).
 */
interface PreparedRead<Result> {
  all(values?: Record<string, unknown>): Promise<Result>;
  getQuery(): { sql: string; params: unknown[] };
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
}

export interface BoundRead<Result> {
  query: PreparedRead<Result>;
  values: Record<string, unknown>;
}

/** A prepared query with the values of its placeholders, for readTogether. */
export function bound<Result>(query: PreparedRead<Result>, values: Record<string, unknown>): BoundRead<Result> {
  return { query, values };
}

type Results<Reads extends readonly BoundRead<unknown>[]> = { [K in keyof Reads]: Reads[K] extends BoundRead<infer Result> ? Result : never };

/** Each read's rows, as its own `all(values)` answers them, from one round trip (libSQL) or one wait (D1). */
export async function readTogether<const Reads extends readonly [BoundRead<unknown>, ...BoundRead<unknown>[]]>(db: Db, reads: Reads): Promise<Results<Reads>> {
  if (!("execute" in (db as unknown as { $client: object }).$client)) {
    return (await Promise.all(reads.map(({ query, values }) => query.all(values)))) as Results<Reads>;
  }
  // What drizzle's batch asks of each item (its `_prepare()`), answered with the values bound.
  const items = reads.map(({ query, values }) => ({
    _prepare: () => ({
      getQuery: () => {
        const { sql, params } = query.getQuery();
        return { sql, params: fillPlaceholders(params, values) };
      },
      mapResult: (response: unknown, isFromBatch?: boolean) => query.mapResult(response, isFromBatch),
    }),
  }));
  return (await db.batch(items as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as Results<Reads>;
}
