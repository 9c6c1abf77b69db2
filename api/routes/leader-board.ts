import { createRoute, z } from "@hono/zod-openapi";
import { RESULT_STATUSES } from "../../db/schema/attempts";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { exportResults } from "../services/export/export-results";
import { ExportBody } from "../services/export/schemas";
import { listBoardChoices } from "../services/leader-board/board-choices";
import { listLeaderBoard } from "../services/leader-board/list-leader-board";
import { LeaderBoardQuery } from "../services/leader-board/schemas";
import { errorResponses, jsonBody, jsonResponse, PassedField } from "./openapi-shapes";

/**
 * Spec 7 "taken quizzes", everyone's side: the leader board (fetchAllTakenQuiz), its
 * dropdowns (fetchQuizNames), and beyond the spec the CSV export of the board and of a
 * quiz's stats (decisions.md "Results lists", "Export"; docs/decisions/0041).
 */
const tags = ["Leader board"];

/** ADR 0076: another student's row of an anonymous board is its place, quiz and score only. */
const ONLY_WHOLE_ROWS = "Absent on another student's row of an anonymous board (ADR 0076)";

const LeaderBoardRow = z
  .object({
    id: z.number().int().nullable().openapi({ description: "The counting attempt's id; null on another student's row of an anonymous board (ADR 0076)" }),
    takenQuizId: z.number().int().nullable(),
    quizId: z.number().int(),
    studentName: z.string().openapi({ description: "On an anonymous board (ADR 0076) another student's row says 'Student N', N its place on the board" }),
    fullname: z.string().openapi({ description: "The student's name (spec 2.7's column name)" }),
    email: z.string().optional().openapi({ description: "Only for callers who get the row actions (the owner, spec 6)" }),
    quizName: z.string(),
    quizCategory: z.string(),
    percentage: z.number(),
    correctAnswered: z.number().int().optional().openapi({ description: ONLY_WHOLE_ROWS }),
    totalAttempts: z.number().int().optional().openapi({ description: `The student's finished attempts at the quiz. ${ONLY_WHOLE_ROWS}` }),
    timeTaken: z.number().int().optional().openapi({ description: `Seconds. ${ONLY_WHOLE_ROWS}` }),
    attemptDate: z.number().int().optional().openapi({ description: `Epoch ms of the counting attempt's start. ${ONLY_WHOLE_ROWS}` }),
    status: z.enum(RESULT_STATUSES).optional().openapi({ description: ONLY_WHOLE_ROWS }),
    passed: PassedField,
    anonymous: z.object({ studentNumber: z.number().int() }).optional().openapi({ description: "Only on another student's row of an anonymous board (ADR 0076): the N of its 'Student N'" }),
  })
  .openapi("LeaderBoardRow");

const Page = z
  .object({
    totalCount: z.number().int(),
    studentCount: z.number().int().openapi({ description: "Different students among the rows the filter keeps" }),
    entities: z.array(LeaderBoardRow),
    view: z.enum(["Full", "Anonymous"]).openapi({ description: "How the caller sees the board (ADR 0076): students as the owner's leaderBoardForStudents says; teachers and the owner Full" }),
  })
  .openapi("LeaderBoardPage");

const listRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/fetchAllTakenQuiz",
  summary:
    "The business's leader board, a page at a time: one row per student and quiz, the best (takeBestScore Yes) or the latest finished attempt. " +
    "filter { quizName, quizCategory (exact, as fetchQuizNames lists them), studentName (part) }, missing = All; sortField percentage (default, desc), id, studentName. " +
      "classId beside queryParams (optional, ADR 0080): only the class's members, for its teachers and the owner (any other class, and any class for a student, 404). Every signed-in user",
  request: jsonBody(LeaderBoardQuery.openapi("LeaderBoardQuery"), false),
  responses: { 200: jsonResponse("One page", Page), ...errorResponses(400, 401, 403) },
});

const namesRoute = createRoute({
  method: "get",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/fetchQuizNames",
  summary: "The leader board's dropdowns: de-duplicated names (and categories) of the business's quizzes that have a finished attempt. Every signed-in user",
  responses: {
    200: jsonResponse("The choices", z.object({ quizNames: z.array(z.string()), quizCategories: z.array(z.string()) }).openapi("LeaderBoardChoices")),
    ...errorResponses(401),
  },
});

const exportRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/export",
  summary:
    "CSV (UTF-8 with BOM, CRLF) of a quiz's stats (with quizId: one row per finished attempt; the quiz's teacher and the owner) or of the leader board (without: same filter and sort; every user, e-mails only for the owner); classId keeps either to a class's members as the list does (ADR 0080). " +
    "Cells starting with =, +, -, @, tab or CR are prefixed with '. Paging is ignored",
  request: jsonBody(ExportBody, false),
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

/** An empty body is an empty query (all defaults). */
const bodyOf = (c: { req: { header: (name: string) => string | undefined } }, valid: () => unknown) => (c.req.header("content-length") === "0" ? {} : valid());

export const leaderBoardRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json(await listLeaderBoard(c.var.services, callerOf(c), bodyOf(c, () => c.req.valid("json"))), 200))
  .openapi(namesRoute, async (c) => c.json(await listBoardChoices(c.var.services, callerOf(c)), 200))
  .openapi(exportRoute, async (c) => {
    const file = await exportResults(c.var.services, callerOf(c), bodyOf(c, () => c.req.valid("json")));
    return c.body(file.csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
      // Personal data: kept by no shared cache.
      "cache-control": "private, no-store",
    });
  });
