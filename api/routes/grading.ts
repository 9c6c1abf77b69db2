import { createRoute, z } from "@hono/zod-openapi";
import { GRADING_STATUSES } from "../../db/schema/attempts";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { gradeAndTell } from "../services/grading/grade-and-tell";
import { listGradingQueue } from "../services/grading/grading-queue";
import { GradeInput, GradingQueueQuery } from "../services/grading/schemas";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/**
 * decisions.md "Manual grading" (ADR 0069): the answers waiting for a grader, and a grader's
 * mark of one question of a finished attempt. The quiz's teacher and the owner only.
 */
const tags = ["Grading"];

const WaitingAnswer = z
  .object({
    takenQuizId: z.number().int(),
    questionId: z.number().int(),
    studentName: z.string().optional().openapi({ description: "Absent when the queue was asked for anonymously" }),
    answer: z.unknown().openapi({ description: "The answer given, as saved (an essay's { html })" }),
    submittedAt: z.number().int().openapi({ description: "Epoch ms the attempt was handed in" }),
  })
  .openapi("WaitingAnswer");

const queueRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/gradingQueue",
  summary:
    "The answers of a quiz's finished attempts that wait for a grader (essays not marked yet), a page at a time; questionId: one question's only; anonymous: true leaves the students' names out. " +
    "sortField submittedAt (default, asc), questionId. The quiz's teacher and the owner only (403 otherwise; 404 for another business's quiz or a question not on it)",
  request: jsonBody(GradingQueueQuery.openapi("GradingQueueQuery")),
  responses: { 200: jsonResponse("One page", z.object({ totalCount: z.number().int(), entities: z.array(WaitingAnswer) }).openapi("GradingQueuePage")), ...errorResponses(400, 401, 403, 404) },
});

const gradeRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/grade",
  summary:
    "Sets one question's mark of a finished attempt: an essay awaiting a grader, or an override of an automatic mark. mark: 0 to the question's mark, two decimals; or rubric [{ criterion, level }] (positions from 0) whose levels' points add up to the mark. " +
    "Records who and when, grades the attempt again (Graded once no essay waits) and, when it becomes Graded, e-mails the student. The quiz's teacher and the owner only (403); another business's attempt 404; 400 GRADE_* for a bad mark; 409 while the attempt is running; 429 past the rate limit",
  request: jsonBody(GradeInput.openapi("GradeInput")),
  responses: {
    200: jsonResponse(
      "Graded",
      z
        .object({
          message: z.string(),
          code: z.literal("GRADED_ANSWER"),
          entity: z.object({
            takenQuizId: z.number().int(),
            questionId: z.number().int(),
            mark: z.number(),
            maxMark: z.number(),
            score: z.number(),
            percentage: z.number(),
            gradingStatus: z.enum(GRADING_STATUSES),
          }),
        })
        .openapi("GradedAnswer"),
    ),
    ...errorResponses(400, 401, 403, 404, 409, 429),
  },
});

export const gradingRoutes = newRouter()
  .openapi(queueRoute, async (c) => c.json(await listGradingQueue(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(gradeRoute, async (c) => c.json(await gradeAndTell(c.var.services, callerOf(c), c.req.valid("json")), 200));
