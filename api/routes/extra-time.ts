import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { listExtraTime } from "../services/extra-time/list-extra-time";
import { ExtraTimeListInput, SetExtraTimeInput } from "../services/extra-time/schemas";
import { setExtraTime } from "../services/extra-time/set-extra-time";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

const tags = ["Quiz"];
const ExtraTime = z
  .object({ userId: z.number().int(), fullname: z.string(), email: z.string(), factor: z.number().openapi({ description: "1 to 3; the quiz's and each question's time are multiplied by it" }) })
  .openapi("ExtraTime");

/** decisions.md "Extra time" (beyond the spec). */
const setRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/quiz/extraTime",
  summary: "Give a student of the school extra time on a quiz (the quiz's teacher or the owner): factor 1 to 3, 1 removes it. Counts from the student's next start",
  request: jsonBody(SetExtraTimeInput.openapi("SetExtraTimeInput")),
  responses: { 200: jsonResponse("Saved or removed", z.object({ message: z.string(), entity: ExtraTime })), ...errorResponses(400, 401, 403, 404) },
});

const listRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/quiz/extraTime/list",
  summary: "The students given extra time on a quiz (authors of the school)",
  request: jsonBody(ExtraTimeListInput.openapi("ExtraTimeListInput")),
  responses: { 200: jsonResponse("The list", z.object({ totalCount: z.number().int(), entities: z.array(ExtraTime) })), ...errorResponses(400, 401, 403, 404) },
});

export const extraTimeRoutes = newRouter()
  .openapi(setRoute, async (c) => c.json(await setExtraTime(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(listRoute, async (c) => c.json(await listExtraTime(c.var.services, callerOf(c), c.req.valid("json")), 200));
