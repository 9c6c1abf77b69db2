import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { GRADING_STATUSES, RESULT_STATUSES } from "../../db/schema/attempts";
import type { ApiEnv } from "../env";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import type { CsvFile } from "../services/export/export-results";
import { duplicateQuiz } from "../services/quizzes/duplicate-quiz";
import { classReport } from "../services/reports/class-report";
import { classReportCsv, studentReportCsv } from "../services/reports/report-csv";
import { ClassReportInput, DuplicateQuizInput, StudentReportInput } from "../services/reports/schemas";
import { studentReport } from "../services/reports/student-report";
import { errorResponses, jsonBody, jsonResponse, PassedField, PassPercentageField } from "./openapi-shapes";
import { QuizDetail } from "./quizzes";

/** decisions.md "Reports" and quiz duplication (issue 27 point 5, docs/decisions/0081-reports-and-quiz-duplication.md). */
const tags = ["Reports"];
const CountingRule = z.enum(["best", "latest"]).openapi({ description: "The quiz's takeBestScore: the best attempt (the earliest on a tie) or the latest counts" });
const Result = {
  takenQuizId: z.number().int(),
  percentage: z.number(),
  passed: PassedField,
  timeTaken: z.number().int().openapi({ description: "Seconds, by the server's clock" }),
  submittedAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
  status: z.enum(RESULT_STATUSES),
  gradingStatus: z.enum(GRADING_STATUSES),
};
const ReportAttempt = z.object({ ...Result, attemptNumber: z.number().int(), startedAt: z.number().int(), counts: z.boolean().openapi({ description: "The attempt the quiz's rule counts" }) }).openapi("ReportAttempt");
const QuizColumn = { quizId: z.number().int(), quizName: z.string(), quizCategory: z.string(), countingRule: CountingRule, passPercentage: PassPercentageField };
const StudentReport = z
  .object({
    student: z.object({ userId: z.number().int(), fullname: z.string(), email: z.string() }),
    quizzes: z.array(z.object({ ...QuizColumn, attemptsCount: z.number().int(), result: ReportAttempt, attempts: z.array(ReportAttempt) })),
  })
  .openapi("StudentReport");
const ClassReport = z
  .object({
    class: z.object({ classId: z.number().int(), name: z.string(), code: z.string().nullable() }),
    quizzes: z.array(z.object(QuizColumn)).openapi({ description: "The columns: the quizzes set for the class and those any member of the class finished (a teacher's own quizzes only), by name" }),
    students: z.array(
      z.object({
        userId: z.number().int(),
        fullname: z.string(),
        email: z.string(),
        results: z.array(z.object({ ...Result, quizId: z.number().int(), attemptsCount: z.number().int() })).openapi({ description: "Only the quizzes the student finished" }),
      }),
    ),
  })
  .openapi("ClassReport");

/** The path stays its literal type, so the typed client (`ApiType`) knows the route by name. */
const post = <P extends string, S extends z.ZodType, R extends Parameters<typeof createRoute>[0]["responses"]>(path: P, summary: string, body: S, responses: R) =>
  createRoute({ method: "post", path, tags, summary, security: [{ bearer: [] }], middleware: [requireAuth] as const, request: jsonBody(body), responses });

const csvOr = <S extends z.ZodType>(schema: S) => ({
  description: 'The report; with format "csv" the same as a CSV file (UTF-8 with a BOM, CRLF; cells starting with =, +, -, @, tab or CR prefixed with \')',
  content: { "application/json": { schema: z.object({ data: schema }) }, "text/csv": { schema: z.string() } },
});

const studentRoute = post(
  "/reports/student",
  "One student's finished attempts at every quiz, grouped by quiz with the attempt its rule counts. The owner: every student and quiz of the school; a teacher: students of the classes they teach, their own quizzes",
  StudentReportInput.openapi("StudentReportInput"),
  { 200: csvOr(StudentReport), ...errorResponses(400, 401, 403, 404, 429) },
);
const classRoute = post(
  "/reports/class",
  "A class's grid: its students × the quizzes set for the class or finished by any of them, each cell the attempt the quiz's rule counts. The class's teachers (their own quizzes) and the owner",
  ClassReportInput.openapi("ClassReportInput"),
  { 200: csvOr(ClassReport), ...errorResponses(400, 401, 403, 404, 429) },
);
const duplicateRoute = createRoute({
  method: "post",
  path: "/quiz/duplicate",
  tags: ["Quiz"],
  summary: "Copy a quiz of the school (every author): its settings, questions, draws and pass mark, not its attempts; the copy is the caller's, a Draft named '… (2)'",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(DuplicateQuizInput.openapi("DuplicateQuizInput")),
  responses: { 201: jsonResponse("The copy", z.object({ message: z.string(), code: z.string(), entity: QuizDetail })), ...errorResponses(400, 401, 403, 404, 429) },
});

/** A report's file as POST /api/takenQuiz/export sends its own. */
const csvAnswer = (c: Context<ApiEnv>, file: CsvFile) =>
  c.body(file.csv, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${file.fileName}"`, "cache-control": "private, no-store" });
const today = (c: Context<ApiEnv>) => c.var.services.now().toISOString().slice(0, 10);

/** Beside the chain, as the class routes, and joined to `ApiType` as theirs (api/app.ts): typed for `hc` clients. */
export const reportRoutes = newRouter()
  .openapi(studentRoute, async (c) => {
    const { data, format } = await studentReport(c.var.services, callerOf(c), c.req.valid("json"));
    return format === "csv" ? csvAnswer(c, studentReportCsv(data, today(c))) : c.json({ data }, 200);
  })
  .openapi(classRoute, async (c) => {
    const { data, format } = await classReport(c.var.services, callerOf(c), c.req.valid("json"));
    return format === "csv" ? csvAnswer(c, classReportCsv(data, today(c))) : c.json({ data }, 200);
  })
  .openapi(duplicateRoute, async (c) => c.json(await duplicateQuiz(c.var.services, callerOf(c), c.req.valid("json")), 201));
