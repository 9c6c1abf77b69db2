import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { sendQuestionFeedback } from "../services/feedback/send-question-feedback";
import { voteQuestion, VoteInput, VOTES } from "../services/feedback/vote-question";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** Spec 7 "Feedback": a student's remark on a question they met in a quiz. */
const sendRoute = createRoute({
  method: "post",
  tags: ["Feedback"],
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/feedback/sendQuestionFeedback",
  summary: "Send feedback on a question of a quiz the student has taken: 'Feedback submitted' (empty text 400, a question not met 404)",
  request: jsonBody(z.object({ questionId: z.number().int(), feedbackText: z.string() }).openapi("SendQuestionFeedbackInput")),
  responses: { 200: jsonResponse("Sent", z.object({ message: z.string(), feedbackId: z.number().int() })), ...errorResponses(400, 401, 403, 404, 429) },
});

/** Thumbs up or down on a question (ADR 0027; spec 3's thumbsUpCount and thumbsDownCount). */
const thumbsRoute = createRoute({
  method: "post",
  tags: ["Feedback"],
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/question/thumbs",
  summary: "A student's thumbs up or down on a question of a quiz they have finished: one vote each, again replaces it, none takes it back (a question not met in a finished attempt 404)",
  request: jsonBody(VoteInput.openapi("QuestionThumbsInput")),
  responses: {
    200: jsonResponse("Counted", z.object({ message: z.string(), vote: z.enum(VOTES), thumbsUpCount: z.number().int(), thumbsDownCount: z.number().int() })),
    ...errorResponses(400, 401, 403, 404),
  },
});

export const feedbackRoutes = newRouter()
  .openapi(sendRoute, async (c) => c.json(await sendQuestionFeedback(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(thumbsRoute, async (c) => c.json(await voteQuestion(c.var.services, callerOf(c), c.req.valid("json")), 200));
