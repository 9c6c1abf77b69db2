import { z } from "@hono/zod-openapi";
import { BODY_NOT_AN_OBJECT } from "../core/coded";
import { asc, desc, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * The one list helper (architecture: "One list helper"). Every list that takes the spec's
 * `queryParams` validates them with `listQuery(...)` (a per-list whitelist of sort fields;
 * a missing or empty one is the list's default, an unknown one is a 400; any pageSize 1..100) and pages with `pageWindow` and `orderBy`, answering
 * `{ totalCount, entities }` from one count query and one page query.
 *
 *   const Query = listQuery({ filter: z.object({ category: z.string().optional() }), sortFields: ["category"] });
 *   const { queryParams } = Query.parse(body);
 *   db.select()...orderBy(...orderBy(queryParams, { category: categories.name }, categories.id)).limit(...)
 */

export const MAX_PAGE_SIZE = 100;
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface ListParams<Field extends string> {
  sortField: Field;
  sortOrder: SortOrder;
  pageNumber: number;
  pageSize: number;
}

export function listQuery<Filter extends z.ZodObject, const Fields extends readonly [string, ...string[]]>(options: {
  filter: Filter;
  sortFields: Fields;
  /** Default: the first sort field. */
  defaultSortField?: Fields[number];
  defaultSortOrder?: SortOrder;
  defaultPageSize?: number;
}) {
  const fields = options.sortFields.join(", ");
  const queryParams = z
    .object({
      filter: options.filter.prefault({} as z.input<Filter>),
      sortOrder: z.enum(SORT_ORDERS, { error: "sortOrder must be asc or desc" }).default(options.defaultSortOrder ?? "asc"),
      // Other modules send `sortField: ""` for "no particular order": that, like a missing
      // field, is the list's default order; any other unknown name stays a 400.
      sortField: z.preprocess(
        (value) => (value === "" ? undefined : value),
        z
          .enum(options.sortFields as unknown as [Fields[number], ...Fields[number][]], { error: `sortField must be one of: ${fields}` })
          .default((options.defaultSortField ?? options.sortFields[0]) as never),
      ).openapi({ description: `One of: ${fields}. Missing or "" = the list's default order (${options.defaultSortField ?? options.sortFields[0]})` }),
      pageNumber: z.coerce.number({ error: "pageNumber must be a number" }).int("pageNumber must be a whole number").min(1, "pageNumber starts at 1").default(1),
      pageSize: z.coerce
        .number({ error: "pageSize must be a number" })
        .int("pageSize must be a whole number")
        .min(1, "pageSize must be at least 1")
        .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
        .default(options.defaultPageSize ?? 10),
    })
    .prefault({});
  return z.object({ queryParams }, { error: BODY_NOT_AN_OBJECT });
}

/** LIMIT and OFFSET of the requested page. */
export function pageWindow(params: Pick<ListParams<string>, "pageNumber" | "pageSize">): { limit: number; offset: number } {
  return { limit: params.pageSize, offset: (params.pageNumber - 1) * params.pageSize };
}

/**
 * ORDER BY for the requested sort field and order, then `tieBreaker` (ascending), so that
 * rows with equal values keep one order across pages and no row shows twice or never.
 */
export function orderBy<Field extends string>(
  params: Pick<ListParams<Field>, "sortField" | "sortOrder">,
  columns: Record<Field, SQLiteColumn | SQL>,
  tieBreaker: SQLiteColumn,
): SQL[] {
  const direction = params.sortOrder === "desc" ? desc : asc;
  return [direction(columns[params.sortField]), asc(tieBreaker)];
}
