import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { sendQuestionFeedback } from "../services/feedback/send-question-feedback";
import { voteQuestion, VoteInput, VOTES } from "../services/feedback/vote-question";
import { decideQuestionFeedback } from "../services/feedback/decide-question-feedback";
import { listQuestionFeedback } from "../services/feedback/list-question-feedback";
import { readQuestionFeedback } from "../services/feedback/read-question-feedback";
import { FeedbackEntitySchema, FeedbackIdInput, FeedbackListQuery, FeedbackStatusInput } from "../services/feedback/schemas";
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

/** The teacher's side (spec 2.5, 7; docs/decisions/0040): feedback on their questions, the owner's on all of the business. */
const listRoute = createRoute({
  method: "post",
  tags: ["Feedback"],
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/feedback/getAllQuestionFeedback",
  summary:
    "Feedback on the caller's questions (the owner: every question of the business). filter: { search (feedback, student name or e-mail, question text), questionId, status }; " +
    "sortField date (default, newest first) | status | studentName. Students: 403",
  request: jsonBody(FeedbackListQuery.openapi("QuestionFeedbackListQuery"), false),
  responses: {
    200: jsonResponse("A page of feedback", z.object({ totalCount: z.number().int(), entities: z.array(FeedbackEntitySchema) })),
    ...errorResponses(400, 401, 403),
  },
});

const QuestionOfFeedback = z.object({
  id: z.number().int(),
  questionId: z.number().int(),
  questionText: z.string(),
  optionType: z.string(),
  options: z.array(z.object({ id: z.number().int(), optionText: z.string(), optionStatus: z.boolean() })),
  answerExplaination: z.string(),
  category: z.string(),
  course: z.string(),
});

const readRoute = createRoute({
  method: "post",
  tags: ["Feedback"],
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/feedback/getQuestionFeedbackById",
  summary: "One feedback with its question (text, options, explanation). Another teacher's question: 403; another business's or no such id: 404",
  request: jsonBody(FeedbackIdInput.openapi("QuestionFeedbackIdInput")),
  responses: {
    200: jsonResponse("The feedback", z.object({ feedbackObject: FeedbackEntitySchema.extend({ question: QuestionOfFeedback }) })),
    ...errorResponses(400, 401, 403, 404),
  },
});

const updateRoute = createRoute({
  method: "post",
  tags: ["Feedback"],
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/feedback/update",
  summary:
    "Decide a feedback: Pending → Accepted or Rejected, Accepted or Rejected → Pending (reopen). The status it has already: no-op success; " +
    "any other step: 409; a status outside the three: 400. The question's author or the owner only (403)",
  request: jsonBody(FeedbackStatusInput.openapi("QuestionFeedbackStatusInput")),
  responses: { 200: jsonResponse("Decided", z.object({ message: z.string(), code: z.enum(["FEEDBACK_ACCEPTED", "FEEDBACK_REJECTED", "FEEDBACK_REOPENED"]), entity: FeedbackEntitySchema })), ...errorResponses(400, 401, 403, 404, 409) },
});

export const feedbackRoutes = newRouter()
  .openapi(sendRoute, async (c) => c.json(await sendQuestionFeedback(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(thumbsRoute, async (c) => c.json(await voteQuestion(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(listRoute, async (c) => c.json(await listQuestionFeedback(c.var.services, callerOf(c), c.req.valid("json") ?? {}), 200))
  .openapi(readRoute, async (c) => c.json(await readQuestionFeedback(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(updateRoute, async (c) => c.json(await decideQuestionFeedback(c.var.services, callerOf(c), c.req.valid("json")), 200));
