import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { getOutboxMessage } from "../services/outbox/get-outbox-message";
import { listOutbox } from "../services/outbox/list-outbox";
import { OutboxListQuery } from "../services/outbox/schemas";
import { errorResponses } from "./openapi-shapes";

/** /api/outbox: the business owner's view of every e-mail recorded for the business. */

const entryFields = {
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  tag: z.string().nullable(),
  provider: z.enum(["outbox", "postmark"]),
  status: z.enum(["stored", "sent", "failed"]),
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
  sentAt: z.number().int().nullable().openapi({ description: "Epoch milliseconds" }),
};
const OutboxEntry = z.object(entryFields).openapi("OutboxEntry");
const OutboxMessage = z.object({ ...entryFields, html: z.string(), text: z.string() }).openapi("OutboxMessage");

const listRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["Outbox"],
  summary: "E-mails of the caller's business, newest first (owner only)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: { query: OutboxListQuery },
  responses: {
    200: {
      description: "One page",
      content: { "application/json": { schema: z.object({ totalCount: z.number().int(), entities: z.array(OutboxEntry) }) } },
    },
    ...errorResponses(400, 401, 403),
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/{id}",
  tags: ["Outbox"],
  summary: "One e-mail with its HTML and text bodies (owner only)",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: { params: z.object({ id: z.coerce.number().int().positive("id must be a positive number") }) },
  responses: {
    200: { description: "The message", content: { "application/json": { schema: OutboxMessage } } },
    ...errorResponses(401, 403, 404),
  },
});

export const outboxRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json(await listOutbox(c.var.services, callerOf(c), c.req.valid("query")), 200))
  .openapi(getRoute, async (c) => c.json(await getOutboxMessage(c.var.services, callerOf(c), c.req.valid("param").id), 200));
