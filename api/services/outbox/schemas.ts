import { z } from "@hono/zod-openapi";
import { MAX_PAGE_SIZE } from "../listing/list-query";

/**
 * The outbox pages like every other list (decisions.md: any pageSize from 1 to 100; the UI
 * offers 10/20/30/50). It is a GET with a query string, so its numbers come as text.
 */
export const OutboxListQuery = z.object({
  pageNumber: z.coerce.number({ error: "pageNumber must be a number" }).int("pageNumber must be a whole number").min(1, "pageNumber starts at 1").default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int("pageSize must be a whole number")
    .min(1, "pageSize must be at least 1")
    .max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`)
    .default(10),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;
