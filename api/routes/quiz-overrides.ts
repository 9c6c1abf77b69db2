import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { deleteOverride, listOverrides, setOverride } from "../services/quiz-classes/overrides";
import { DeleteOverrideInput, OverrideListInput, SetOverrideInput } from "../services/quiz-classes/override-schemas";
import { errorResponses, jsonBody, jsonResponse, Message } from "./openapi-shapes";

/** decisions.md "A quiz set for classes": one student's own settings on a quiz (issue 27 point 2, ADR 0079). */
const tags = ["Quiz"];
const orNull = (description: string) => z.number().int().nullable().openapi({ description });
const Override = z
  .object({
    quizId: z.number().int(),
    userId: z.number().int(),
    fullname: z.string(),
    email: z.string(),
    startDate: orNull("Epoch seconds; null = the student's classes' or the quiz's"),
    endDate: orNull("Epoch seconds; null = the student's classes' or the quiz's"),
    time: orNull("Minutes, -1 = no limit; null = the student's classes' or the quiz's"),
    attemptsAllowed: orNull("null = the student's classes' or the quiz's"),
  })
  .openapi("QuizOverride");

const setRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/quiz/override",
  summary: "Give one student of the school their own dates, time limit or attempts on a quiz (the quiz's teacher or the owner); replaces their override. Counts from their next start",
  request: jsonBody(SetOverrideInput.openapi("SetQuizOverrideInput")),
  responses: { 200: jsonResponse("Saved", z.object({ message: z.string(), entity: Override })), ...errorResponses(400, 401, 403, 404) },
});

const listRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/quiz/override/list",
  summary: "The quiz's per-student overrides (the quiz's teacher or the owner)",
  request: jsonBody(OverrideListInput.openapi("QuizOverrideListInput")),
  responses: { 200: jsonResponse("The list", z.object({ totalCount: z.number().int(), entities: z.array(Override) })), ...errorResponses(400, 401, 403, 404) },
});

const deleteRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/quiz/override/delete",
  summary: "Remove a student's override: they take the quiz with their classes' settings again",
  request: jsonBody(DeleteOverrideInput.openapi("DeleteQuizOverrideInput")),
  responses: { 200: jsonResponse("Deleted", Message), ...errorResponses(400, 401, 403, 404) },
});

export const quizOverrideRoutes = newRouter()
  .openapi(setRoute, async (c) => c.json(await setOverride(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(listRoute, async (c) => c.json(await listOverrides(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(deleteRoute, async (c) => c.json(await deleteOverride(c.var.services, callerOf(c), c.req.valid("json")), 200));
