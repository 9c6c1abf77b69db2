import { createRoute, z } from "@hono/zod-openapi";
import { OFFLINE_REQUEST_STATUSES, PLAN_INTERVALS } from "../../db/schema/subscriptions";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { markOfflinePaid, refuseOfflineRequest } from "../services/payments/offline-decisions";
import { askOfflinePayment, listOfflineRequests } from "../services/payments/offline-requests";
import { MarkPaidInput, OFFLINE_SORT_FIELDS, OfflineAskInput, OfflineIdInput } from "../services/payments/offline-schemas";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** Issue 17 point 5, decisions.md "Offline payment" (ADR 0045): paying a plan by bank transfer. */
const tags = ["Subscriptions"];
const security = [{ bearer: [] }];

const OfflineRequest = z
  .object({
    id: z.number().int(),
    planId: z.number().int().nullable().openapi({ description: "null once the plan is deleted; its title and price stay" }),
    planTitle: z.string(),
    price: z.number().openapi({ description: "In the business's currency, as when asked" }),
    currency: z.string(),
    interval: z.enum(PLAN_INTERVALS),
    status: z.enum(OFFLINE_REQUEST_STATUSES),
    studentId: z.number().int(),
    studentName: z.string(),
    studentEmail: z.string(),
    createdAt: z.number().int().openapi({ description: "Epoch ms" }),
    periodStart: z.number().int().nullable().openapi({ description: "Epoch ms (Paid)" }),
    periodEnd: z.number().int().nullable().openapi({ description: "Epoch ms (Paid): premium access ends then" }),
    decidedAt: z.number().int().nullable().openapi({ description: "Epoch ms of the owner's decision" }),
  })
  .openapi("OfflinePaymentRequest");
const Saved = z.object({ message: z.string(), entity: OfflineRequest }).openapi("OfflinePaymentSaved");

/** A GET's query string: the other lists' queryParams, flat (numbers as text). */
const ListQueryString = z.object({
  pageNumber: z.string().optional(),
  pageSize: z.string().optional().openapi({ description: "1–100 (default 10)" }),
  sortField: z.string().optional().openapi({ description: `One of: ${OFFLINE_SORT_FIELDS.join(", ")} (default createdAt)` }),
  sortOrder: z.string().optional().openapi({ description: "asc | desc (default desc: newest first)" }),
  status: z.string().optional().openapi({ description: "Pending | Paid | Refused (default: all)" }),
});

const askRoute = createRoute({
  method: "post",
  path: "/subscriptions/offline",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary:
    "A student asks to pay a plan offline (bank transfer): 201 with status Pending. Asking again while that request is pending answers it again (200). " +
    "A plan not on offer or of another business 404; subscriptions switched off 409; teachers and the owner 403",
  request: jsonBody(OfflineAskInput.openapi("OfflinePaymentAskInput")),
  responses: { 201: jsonResponse("Asked", Saved), 200: jsonResponse("Already pending: the same request", Saved), ...errorResponses(400, 401, 403, 404, 409) },
});

const listRoute = createRoute({
  method: "get",
  path: "/subscriptions/offline",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "Offline payment requests: the owner's business's, a student's own (teachers 403). Query: pageNumber, pageSize, sortField, sortOrder, status",
  request: { query: ListQueryString },
  responses: { 200: jsonResponse("One page", z.object({ totalCount: z.number().int(), entities: z.array(OfflineRequest) })), ...errorResponses(400, 401, 403) },
});

const markPaidRoute = createRoute({
  method: "post",
  path: "/subscriptions/offline/markPaid",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary:
    "The owner confirms a pending request for a period (ISO dates; YYYY-MM-DD is midnight UTC): premium access until periodEnd. " +
    "periodEnd after periodStart, in the future, at most 5 years later (400); not pending 409; another business's id 404",
  request: jsonBody(MarkPaidInput.openapi("OfflinePaymentMarkPaidInput")),
  responses: { 200: jsonResponse("Paid", Saved), ...errorResponses(400, 401, 403, 404, 409) },
});

const refuseRoute = createRoute({
  method: "post",
  path: "/subscriptions/offline/refuse",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "The owner refuses a pending request (no transfer arrived): status Refused, no access. Not pending 409; another business's id 404",
  request: jsonBody(OfflineIdInput.openapi("OfflinePaymentIdInput")),
  responses: { 200: jsonResponse("Refused", Saved), ...errorResponses(400, 401, 403, 404, 409) },
});

export const offlinePaymentRoutes = newRouter()
  .openapi(askRoute, async (c) => {
    const { created, ...answer } = await askOfflinePayment(c.var.services, callerOf(c), c.req.valid("json"));
    return created ? c.json(answer, 201) : c.json(answer, 200);
  })
  .openapi(listRoute, async (c) => {
    const { status, ...paging } = c.req.valid("query");
    const queryParams = Object.fromEntries(Object.entries({ ...paging, filter: status === undefined ? undefined : { status } }).filter(([, value]) => value !== undefined));
    return c.json(await listOfflineRequests(c.var.services, callerOf(c), { queryParams }), 200);
  })
  .openapi(markPaidRoute, async (c) => c.json(await markOfflinePaid(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(refuseRoute, async (c) => c.json(await refuseOfflineRequest(c.var.services, callerOf(c), c.req.valid("json")), 200));
