import { z } from "@hono/zod-openapi";

/** Page sizes offered by the lists of the app (10 by default). */
export const PAGE_SIZES = [10, 20, 30, 50] as const;

export const OutboxListQuery = z.object({
  pageNumber: z.coerce.number().int("pageNumber must be a whole number").min(1, "pageNumber starts at 1").default(1),
  pageSize: z.coerce
    .number()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), "pageSize must be 10, 20, 30 or 50")
    .default(10),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuery>;
