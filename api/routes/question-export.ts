import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { assertAuthor } from "../services/core/permissions";
import { exportQuestions } from "../services/exchange/export/export-questions";
import { ExportQuestionsInput } from "../services/exchange/export/schemas";
import { errorResponses, jsonBody } from "./openapi-shapes";

/** The answer's header naming the questions the format could not hold (GIFT: ordering and cloze), comma-separated ids. */
export const NOT_EXPORTED_HEADER = "X-Not-Exported";
export const EXPORTED_COUNT_HEADER = "X-Exported-Count";

/** The file holds answer keys: a student is refused (403) before the body is read, as the bank's routes do. */
const requireAuthor = createMiddleware<ApiEnv>(async (c, next) => {
  assertAuthor(callerOf(c));
  await next();
});

const exportRoute = createRoute({
  method: "post",
  path: "/question/export",
  tags: ["Questions"],
  summary:
    'The bank of a category and course (or questionIds, a chosen set of it) as a file: "gift" (text; ordering and cloze questions are left out and named in X-Not-Exported and the file\'s first lines), "moodlexml" (every type, images as base64 files) or "qti3" (a QTI 3.0 content package, ZIP). Authors (the owner too); an unknown category or course is 404. At most 10,000 questions',
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: jsonBody(ExportQuestionsInput.openapi("ExportQuestionsInput")),
  responses: {
    200: {
      description: `The file (Content-Disposition attachment, e.g. algebra-maths-2026-11-29.xml; Cache-Control no-store). ${NOT_EXPORTED_HEADER}: ids of questions not exported; ${EXPORTED_COUNT_HEADER}: how many were`,
      content: { "text/plain": { schema: z.string() }, "application/xml": { schema: z.string() }, "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...errorResponses(400, 401, 403, 404, 429),
  },
});

/** docs/decisions/0085-question-export.md. Beside the typed chain (api/app.ts), as the reports: the page downloads it with fetch. */
export const questionExportRoutes: ReturnType<typeof newRouter> = newRouter().openapi(exportRoute, async (c) => {
  const file = await exportQuestions(c.var.services, callerOf(c), c.req.valid("json"));
  return c.body(file.body as string, 200, {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${file.fileName}"`,
    "cache-control": "private, no-store",
    [NOT_EXPORTED_HEADER]: file.notExported.map((q) => q.id).join(","),
    [EXPORTED_COUNT_HEADER]: String(file.exported),
  });
});

