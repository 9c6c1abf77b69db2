import { createRoute, z } from "@hono/zod-openapi";
import { GRADING_STATUSES, RESULT_STATUSES } from "../../db/schema/attempts";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { listQuizResults } from "../services/quiz-stats/list-quiz-results";
import { QuizStatsQuery, UpdateStatusInput } from "../services/quiz-stats/schemas";
import { updateResultStatus } from "../services/quiz-stats/update-result-status";
import { errorResponses, jsonBody, jsonResponse, PassedField, PassPercentageField } from "./openapi-shapes";

/**
 * Spec 7 "Taking and taken quizzes", the teacher's side (spec 2.5 viewStats): a quiz's
 * attempts and the bulk status update (decisions.md "Results lists", "Bulk status";
 * docs/decisions/0039-quiz-stats.md). The quiz's teacher and the owner only.
 */
const tags = ["Taken quizzes"];

const QuizResultRow = z
  .object({
    id: z.number().int(),
    takenQuizId: z.number().int(),
    quizId: z.number().int(),
    studentId: z.number().int(),
    fullname: z.string(),
    studentName: z.string().openapi({ description: "Alias of fullname" }),
    email: z.string(),
    studentEmail: z.string().openapi({ description: "Alias of email" }),
    attemptNumber: z.number().int(),
    percentage: z.number(),
    correctAnswered: z.number().int(),
    negativePoints: z.number().int(),
    timeTaken: z.number().int().openapi({ description: "Seconds; for an attempt in progress, the time so far" }),
    attemptDate: z.number().int().openapi({ description: "Epoch ms of the start" }),
    submittedAt: z.number().int().nullable().openapi({ description: "Epoch ms of the grading; null while in progress" }),
    status: z.enum(RESULT_STATUSES),
    gradingStatus: z.enum(GRADING_STATUSES).openapi({ description: "NeedsGrading while an essay of the finished attempt awaits a grader (its percentage is provisional), else Graded" }),
    inProgress: z.boolean().openapi({ description: "Still being taken (no grade yet; its status cannot be changed)" }),
    closesAt: z.number().int().nullable().openapi({ description: "In progress: epoch ms when it closes (time limit or the quiz's end date); null without one" }),
    timeLeft: z.number().int().nullable().openapi({ description: "In progress: whole seconds left; null without a limit and for finished attempts" }),
    passed: PassedField.openapi({ description: "ADR 0076: reaches the quiz's pass mark; null without one, while marking is pending or while in progress" }),
  })
  .openapi("QuizResultRow");

const Page = z
  .object({
    totalCount: z.number().int(),
    entities: z.array(QuizResultRow),
    inProgressCount: z.number().int().openapi({ description: "Attempts of the quiz in progress now, whatever the filter" }),
    quiz: z.object({ id: z.number().int(), quizId: z.number().int(), quizName: z.string(), passPercentage: PassPercentageField }),
  })
  .openapi("QuizResultPage");

const Updated = z
  .object({ message: z.string(), status: z.enum(RESULT_STATUSES), updatedCount: z.number().int() })
  .openapi("ResultStatusUpdated");

const listRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/fetchAllByQuizId",
  summary:
    "A quiz's attempts, a page at a time: finished ones and those in progress (with their time left). filter { studentName, studentEmail }: a case-insensitive part of either; " +
    "sortField studentName (default, asc), studentEmail, percentage, attemptDate, status, timeTaken. classId (optional, ADR 0080): only attempts of the class's members, a class the caller manages (404 otherwise). " +
    "The quiz's teacher and the owner only (403 otherwise; 404 for another business's quiz)",
  request: jsonBody(QuizStatsQuery.openapi("QuizStatsQuery")),
  responses: { 200: jsonResponse("One page", Page), ...errorResponses(400, 401, 403, 404) },
});

const updateRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/updateStatus",
  summary:
    "Sets the status (Pending, Accepted, Rejected) of up to 500 finished attempts of one quiz: all of them or none (400 if any id is not a finished attempt of the quiz). " +
    "Rejected revokes the attempt's certificate while it stays Rejected. The quiz's teacher and the owner only",
  request: jsonBody(UpdateStatusInput.openapi("UpdateStatusInput")),
  responses: { 200: jsonResponse("Updated", Updated), ...errorResponses(400, 401, 403, 404) },
});

export const quizStatsRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json(await listQuizResults(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(updateRoute, async (c) => c.json(await updateResultStatus(c.var.services, callerOf(c), c.req.valid("json")), 200));
