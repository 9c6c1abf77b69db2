import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { newRouter } from "../env";

const HealthResponse = z.object({ status: z.literal("ok"), database: z.literal("ok") }).openapi("Health");

export const healthRoutes = newRouter().openapi(
  createRoute({
    method: "get",
    path: "/",
    tags: ["System"],
    summary: "Liveness and database check",
    responses: { 200: { description: "Healthy", content: { "application/json": { schema: HealthResponse } } } },
  }),
  async (c) => {
    await c.var.services.db.run(sql`select 1`);
    return c.json({ status: "ok" as const, database: "ok" as const }, 200);
  },
);
