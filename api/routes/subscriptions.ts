import { createRoute, z } from "@hono/zod-openapi";
import { PLAN_INTERVALS } from "../../db/schema/subscriptions";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { confirmCheckout, createCheckoutSession, manageBilling } from "../services/payments/checkout";
import { createPlan, deletePlan, listPlans, updatePlan } from "../services/payments/plans";
import { processWebhookEvent, verifyWebhook } from "../services/payments/webhook";
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
const Saved = z.object({ message: z.string(), code: z.string(), entity: Plan }).openapi("SubscriptionSaved");

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
  responses: { 200: jsonResponse("Deleted", z.object({ message: z.string(), code: z.literal("PLAN_DELETED") })), ...errorResponses(400, 401, 403, 404, 503) },
});

const Url = z.object({ data: z.object({ url: z.string() }) });

const checkoutRoute = createRoute({
  method: "post",
  path: "/subscriptions/create-checkout-session",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "Start a Stripe Checkout for a plan on offer (students): answers the checkout page's URL; the success URL carries session_id={CHECKOUT_SESSION_ID}",
  request: jsonBody(z.object({ priceId: z.string().openapi({ example: "price_123" }) }).openapi("CheckoutInput")),
  responses: { 200: jsonResponse("The checkout page", Url), ...errorResponses(400, 401, 403, 404, 409, 503) },
});

const subscriberRoute = createRoute({
  method: "get",
  path: "/subscriptions/subscriber",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "The return from checkout: checks the session with the card provider (the caller's, paid) and stores the subscription",
  request: { query: z.object({ sessionId: z.string().optional().openapi({ example: "cs_test_123" }) }) },
  responses: {
    200: jsonResponse("Subscribed", z.object({ data: z.object({ user: z.any(), subscriptionId: z.string().nullable() }) })),
    ...errorResponses(400, 401, 403, 404, 409, 503),
  },
});

const manageBillingRoute = createRoute({
  method: "get",
  path: "/subscriptions/manage_billing",
  tags,
  security,
  middleware: [requireAuth] as const,
  summary: "A billing portal session for the caller's card provider customer",
  responses: { 200: jsonResponse("The billing portal", Url), ...errorResponses(401, 404, 409, 503) },
});

const webhookRoute = createRoute({
  method: "post",
  path: "/subscriptions/webhook",
  tags,
  summary: "Stripe's events, signed (Stripe-Signature on the raw body, 300 s tolerance); each event id is processed once",
  responses: { 200: jsonResponse("Received", z.object({ received: z.boolean(), outcome: z.string() })), ...errorResponses(400, 503) },
});

export const subscriptionRoutes = newRouter()
  .openapi(checkoutRoute, async (c) => c.json({ data: await createCheckoutSession(c.var.services, callerOf(c), c.req.valid("json")) }, 200))
  .openapi(subscriberRoute, async (c) => c.json({ data: await confirmCheckout(c.var.services, callerOf(c), c.req.valid("query").sessionId) }, 200))
  .openapi(manageBillingRoute, async (c) => c.json({ data: await manageBilling(c.var.services, callerOf(c)) }, 200))
  // No session, no CSRF check: Stripe calls it, and the signature is the authentication.
  .openapi(webhookRoute, async (c) => {
    const event = await verifyWebhook(c.var.services, await c.req.text(), c.req.header("stripe-signature"));
    return c.json({ received: true, outcome: await processWebhookEvent(c.var.services, event) }, 200);
  })
  .openapi(listRoute, async (c) => c.json({ data: await listPlans(c.var.services, callerOf(c)) }, 200))
  .openapi(createPlanRoute, async (c) => c.json(await createPlan(c.var.services, callerOf(c), c.req.valid("json")), 201))
  .openapi(updatePlanRoute, async (c) => c.json(await updatePlan(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(deletePlanRoute, async (c) => c.json(await deletePlan(c.var.services, callerOf(c), { id: c.req.valid("param").id }), 200));
