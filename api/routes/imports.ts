import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { pickLanguage } from "../../locales/languages";
import type { ApiEnv } from "../env";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { assertAuthor } from "../services/core/permissions";
import { type AcceptedImport, CsvImportInput, GiftImportInput, startCsvImport, startGiftImport } from "../services/imports/import-questions";
import { csvTemplate } from "../services/imports/parse-csv";
import { errorResponses, jsonBody, jsonResponse, Message } from "./openapi-shapes";

/**
 * Question import (spec 7 csvquestion; decisions.md "CSV import", "GIFT import"): authors
 * upload a file to csv-uploads, then name its key here. The answer is 202 'data is being
 * processed'; the questions are stored and the summary e-mailed after, in slices that leave
 * other requests their latency: docs/decisions/0018-question-import.md and 0032.
 */
const requireAuthor = createMiddleware<ApiEnv>(async (c, next) => {
  assertAuthor(callerOf(c));
  await next();
});

const importTags = ["Question import"];
const csvImportRoute = createRoute({
  method: "post",
  path: "/csvquestion",
  tags: importTags,
  summary:
    "Import questions from an uploaded CSV (location = key from POST /api/files/upload, folder csv-uploads). Columns: questionText, optionType, option1…option5, correct (1-based, ;-separated), category, course, tags (;-separated), answerExplaination. At most 10,000 rows.",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: jsonBody(CsvImportInput.openapi("CsvImportInput")),
  responses: { 202: jsonResponse("Accepted: 'data is being processed'; the summary is e-mailed", Message), ...errorResponses(400, 401, 403, 404) },
});
const giftImportRoute = createRoute({
  method: "post",
  path: "/giftquestion",
  tags: importTags,
  summary: "Import Moodle GIFT questions (multiple choice, multiple answer, true/false) from an uploaded .gift/.txt file into a category and course",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: jsonBody(GiftImportInput.openapi("GiftImportInput")),
  responses: { 202: jsonResponse("Accepted: 'data is being processed'; the summary is e-mailed", Message), ...errorResponses(400, 401, 403, 404) },
});
const templateRoute = createRoute({
  method: "get",
  path: "/csvquestion/template",
  tags: importTags,
  summary: "The CSV template: the header row and two example questions",
  responses: { 200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } } },
});

/**
 * Answer now and finish with waitUntil: Workers hand Hono their ExecutionContext, Node its own
 * (server/background-work.node.ts). Without one (tests through app.request) finish first.
 */
async function runAfterAnswer(c: Context<ApiEnv>, accepted: AcceptedImport): Promise<void> {
  let context: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    context = c.executionCtx; // Hono throws when the runtime gave it none.
  } catch {
    context = undefined;
  }
  if (context) context.waitUntil(accepted.work());
  else await accepted.work();
}

/** The summary's language: the page's (the `lang` cookie), else the browser's, else English. */
const languageOf = (c: Context<ApiEnv>) => ({ language: pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null) });

export const importRoutes = newRouter()
  .openapi(csvImportRoute, async (c) => {
    const accepted = await startCsvImport(c.var.services, callerOf(c), c.req.valid("json"), languageOf(c));
    await runAfterAnswer(c, accepted);
    return c.json({ message: accepted.message }, 202);
  })
  .openapi(giftImportRoute, async (c) => {
    const accepted = await startGiftImport(c.var.services, callerOf(c), c.req.valid("json"), languageOf(c));
    await runAfterAnswer(c, accepted);
    return c.json({ message: accepted.message }, 202);
  })
  .openapi(templateRoute, (c) =>
    c.body(csvTemplate(), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="question-import-template.csv"' }),
  );
