import { fillPlaceholders } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/**
 * Prepared queries (db/prepared.ts) sent to the database together, in one `db.batch`: one
 * request to a remote database (Turso, sqld, D1) instead of one each, read in one transaction
 * (so they see the same moment), without building their SQL again (drizzle's batch takes
 * query builders only, and binds no placeholders: issue 30 point 4, ADR 0090).
 *
 * What a prepared query of drizzle's SQLite drivers has (libSQL and D1 alike): its SQL with
 * placeholders (`getQuery`), how it maps a batch's result (`mapResult`) and, on D1, the
 * statement it prepared (`stmt`), which D1's batch binds.
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

/** Each read's rows, as its own `all(values)` answers them, from one batch. */
export async function readTogether<const Reads extends readonly [BoundRead<unknown>, ...BoundRead<unknown>[]]>(db: Db, reads: Reads): Promise<Results<Reads>> {
  // What drizzle's batch asks of each item (its `_prepare()`), answered with the values bound.
  const items = reads.map(({ query, values }) => ({
    _prepare: () => ({
      getQuery: () => {
        const { sql, params } = query.getQuery();
        return { sql, params: fillPlaceholders(params, values) };
      },
      mapResult: (response: unknown, isFromBatch?: boolean) => query.mapResult(response, isFromBatch),
      stmt: (query as { stmt?: unknown }).stmt,
    }),
  }));
  return (await db.batch(items as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as Results<Reads>;
}
