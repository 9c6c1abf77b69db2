import { createRoute, z } from "@hono/zod-openapi";
import { PLAN_INTERVALS } from "../../db/schema/subscriptions";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { createPlan, deletePlan, listPlans, updatePlan } from "../services/payments/plans";
import { PlanInput, PlanUpdateInput } from "../services/payments/schemas";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** Spec 7: /api/subscriptions, the owner's plans (ADR 0043). Checkout and webhooks come next. */
const tags = ["Subscriptions"];
const security = [{ bearer: [] }];

const Plan = z
  .object({
    id: z.number().int(),
    title: z.string(),
    price: z.number().openapi({ description: "In the business's currency" }),
    currency: z.string().openapi({ example: "USD" }),
    interval: z.enum(PLAN_INTERVALS),
    description: z.string(),
    status: z.boolean(),
    auto_charge: z.boolean(),
    priceId: z.string().nullable().openapi({ description: "The card provider's price code (price_…), which checkout takes" }),
  })
  .openapi("Subscription");
const Saved = z.object({ message: z.string(), entity: Plan }).openapi("SubscriptionSaved");

const listRoute = createRoute({
  method: "get",
  path: "/subscriptions",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "The business's plans: every plan for the owner, the plans on offer for anyone else",
  responses: { 200: jsonResponse("The plans", z.object({ data: z.object({ totalCount: z.number().int(), entities: z.array(Plan) }) })), ...errorResponses(401) },
});

const createPlanRoute = createRoute({
  method: "post",
  path: "/subscriptions",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "Create a plan and its product and price at the card provider (owner only): 'Subscription created successfully'",
  request: jsonBody(PlanInput.openapi("SubscriptionInput")),
  responses: { 201: jsonResponse("Created", Saved), ...errorResponses(400, 401, 403, 409, 503) },
});

const updatePlanRoute = createRoute({
  method: "put",
  path: "/subscriptions",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "Change a plan (owner only); fields left out keep their values. A new price or interval makes a new provider price; the toggles send { id, status } or { id, auto_charge }",
  request: jsonBody(PlanUpdateInput.openapi("SubscriptionUpdateInput")),
  responses: { 200: jsonResponse("Updated", Saved), ...errorResponses(400, 401, 403, 404, 409, 503) },
});

const deletePlanRoute = createRoute({
  method: "delete",
  path: "/subscriptions/{id}",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "Delete a plan and archive its provider price (owner only); running subscriptions carry on until they end",
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "1" }) }) },
  responses: { 200: jsonResponse("Deleted", z.object({ message: z.string() })), ...errorResponses(400, 401, 403, 404, 503) },
});

export const subscriptionRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json({ data: await listPlans(c.var.services, callerOf(c)) }, 200))
  .openapi(createPlanRoute, async (c) => c.json(await createPlan(c.var.services, callerOf(c), c.req.valid("json")), 201))
  .openapi(updatePlanRoute, async (c) => c.json(await updatePlan(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(deletePlanRoute, async (c) => c.json(await deletePlan(c.var.services, callerOf(c), { id: c.req.valid("param").id }), 200));
