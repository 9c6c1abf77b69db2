import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { languageOf, runAfterAnswer } from "./background-import";
import type { ApiEnv } from "../env";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { assertAuthor } from "../services/core/permissions";
import { CsvImportInput, GiftImportInput, startCsvImport, startGiftImport } from "../services/imports/import-questions";
import { MoodleXmlImportInput, startMoodleXmlImport } from "../services/imports/start-moodlexml-import";
import { CategoryCourseInput } from "../services/categories/schemas";
import { QtiImportInput, startQtiImport } from "../services/imports/start-qti-import";
import { csvTemplate } from "../services/imports/parse-csv";
import { getImport, listImports, PAST_IMPORTS_SHOWN } from "../services/imports/read-imports";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/**
 * Question import (spec 7 csvquestion; decisions.md "CSV import", "GIFT import"): authors
 * upload a file to csv-uploads, then name its key here. The answer is 202 'data is being
 * processed'; the questions are stored and the summary e-mailed after, in slices that leave
 * other requests their latency: docs/decisions/0018-question-import.md and 0032. The answer
 * names the import's record, which the upload dialog polls for progress and the summary, and
 * which "Past imports" lists later (docs/decisions/0047-import-summaries.md).
 */
const requireAuthor = createMiddleware<ApiEnv>(async (c, next) => {
  assertAuthor(callerOf(c));
  await next();
});

const importTags = ["Question import"];
const Accepted = z
  .object({
    message: z.string().openapi({ example: "data is being processed" }),
    importId: z.number().int().openapi({ description: "The import's record: GET /api/questionImports/{id} gives its progress and summary" }),
  })
  .openapi("ImportAccepted");
const acceptedResponse = jsonResponse("Accepted: 'data is being processed'; the summary is e-mailed and kept in the import's record", Accepted);

const Problem = z
  .object({
    code: z.string().openapi({ description: "The reason, translated by locales/<lang>/imports.json reasons.<code> (e.g. unknownCategory: 'This category does not exist. Please create it first')" }),
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional().openapi({ description: "The placeholders of the reason's text" }),
    column: z.string().optional().openapi({ description: "The CSV column it concerns" }),
  })
  .openapi("ImportProblem");
const ImportListItem = z
  .object({
    id: z.number().int(),
    format: z.enum(["CSV", "GIFT", "QTI", "MOODLEXML"]),
    fileName: z.string(),
    status: z.enum(["running", "done", "failed"]).openapi({ description: "failed: stopped on an unexpected error or cut off by a restart (what was stored stays)" }),
    unit: z.enum(["Row", "Question"]).openapi({ description: "What a rejected number counts: spreadsheet rows (CSV, header = row 1) or questions (GIFT; QTI: the manifest's items in order)" }),
    teacher: z.string().openapi({ description: "Who ran it" }),
    total: z.number().int(),
    imported: z.number().int(),
    duplicates: z.number().int().openapi({ description: "Skipped as already in the bank (or earlier in the file)" }),
    rejectedCount: z.number().int(),
    startedAt: z.string().openapi({ format: "date-time" }),
    finishedAt: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("ImportListItem");
const ImportView = ImportListItem.extend({
  processed: z.number().int().openapi({ description: "Rows (or questions) settled so far: rejected, skipped or stored" }),
  rejected: z.array(z.object({ number: z.number().int(), problems: z.array(Problem) })).openapi({ description: "The first 1,000 rejected rows with their reasons (the e-mail lists all)" }),
}).openapi("ImportView");

const csvImportRoute = createRoute({
  method: "post",
  path: "/csvquestion",
  tags: importTags,
  summary:
    "Import questions from an uploaded CSV (location = key from POST /api/files/upload, folder csv-uploads). Columns: questionText, optionType, option1…option5, correct (1-based, ;-separated), category, course, tags (;-separated), answerExplaination. At most 10,000 rows.",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: jsonBody(CsvImportInput.openapi("CsvImportInput")),
  responses: { 202: acceptedResponse, ...errorResponses(400, 401, 403, 404) },
});
const giftImportRoute = createRoute({
  method: "post",
  path: "/giftquestion",
  tags: importTags,
  summary: "Import Moodle GIFT questions (multiple choice, multiple answer, true/false) from an uploaded .gift/.txt file into a category and course",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: jsonBody(GiftImportInput.openapi("GiftImportInput")),
  responses: { 202: acceptedResponse, ...errorResponses(400, 401, 403, 404) },
});
const qtiImportRoute = createRoute({
  method: "post",
  path: "/qtiquestion",
  tags: importTags,
  summary:
    "Import an IMS QTI content package (a .zip with imsmanifest.xml; QTI 2.1, 2.2 or 3.0 items) uploaded to csv-uploads into a category and course: choice, text entry, extended text, match, order, inline choice and gap match interactions scored by match_correct or map_response; images in the package become the questions' images. Other items are rejected in the summary with their reason. At most 2,000 files, 100 MB unpacked (20 MB a file); a path leaving the package, a missing file the manifest names or XML entities refuse the package (400)",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: jsonBody(QtiImportInput.openapi("QtiImportInput")),
  responses: { 202: acceptedResponse, ...errorResponses(400, 401, 403, 404) },
});

const moodleXmlImportRoute = createRoute({
  method: "post",
  path: "/moodlexmlquestion",
  tags: importTags,
  summary:
    "Import a Moodle XML question file (an uploaded .xml, folder csv-uploads) into a category and course: multichoice, truefalse, shortanswer, numerical, match, ordering, multianswer (cloze), essay; images embedded as base64 become files. What cannot be said here is a rejected question with its reason. At most 10,000 questions; a file declaring XML entities is refused (400)",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: jsonBody(MoodleXmlImportInput.openapi("MoodleXmlImportInput")),
  responses: { 202: acceptedResponse, ...errorResponses(400, 401, 403, 404, 429) },
});
/** The bank the template's rows name: the dialog's bank (issue 25 point 6), with the category form's length rule. */
const TemplateQuery = z.object({
  category: CategoryCourseInput.shape.category.optional(),
  course: CategoryCourseInput.shape.course.optional(),
});
const templateBankOf = ({ category, course }: z.infer<typeof TemplateQuery>) => (category && course ? { category, course } : undefined);
const templateRoute = createRoute({
  method: "get",
  path: "/csvquestion/template",
  tags: importTags,
  summary:
    "The CSV template: a first line naming the optional columns (option3, option4, option5, tags; lines starting with # above the header are skipped), the header row and two example questions in the bank named by category and course (both or neither; without them the demo bank's Mathematics › Algebra)",
  request: { query: TemplateQuery },
  responses: { 200: { description: "CSV file", content: { "text/csv": { schema: z.string() } } }, ...errorResponses(400) },
});
const importListRoute = createRoute({
  method: "get",
  path: "/questionImports",
  tags: importTags,
  summary: `Past imports, newest first (the latest ${PAST_IMPORTS_SHOWN}): the caller's own; the owner's list holds every author's of the business`,
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  responses: { 200: jsonResponse("The imports", z.object({ data: z.array(ImportListItem) })), ...errorResponses(401, 403) },
});
const importRoute = createRoute({
  method: "get",
  path: "/questionImports/{id}",
  tags: importTags,
  summary:
    "One import's progress (processed of total) while it runs and its summary when it ends: imported, skipped as duplicates, each rejected row with its number and reasons. For the author who ran it and the owner (403 for another author); 404 for another business's import or an unknown id",
  security: [{ bearer: [] }],
  middleware: [requireAuth, requireAuthor] as const,
  request: { params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, example: "1" }) }) },
  responses: { 200: jsonResponse("The import", ImportView), ...errorResponses(401, 403, 404) },
});

export const importRoutes = newRouter()
  .openapi(csvImportRoute, async (c) => {
    const accepted = await startCsvImport(c.var.services, callerOf(c), c.req.valid("json"), languageOf(c));
    await runAfterAnswer(c, accepted.work);
    return c.json({ message: accepted.message, importId: accepted.importId }, 202);
  })
  .openapi(giftImportRoute, async (c) => {
    const accepted = await startGiftImport(c.var.services, callerOf(c), c.req.valid("json"), languageOf(c));
    await runAfterAnswer(c, accepted.work);
    return c.json({ message: accepted.message, importId: accepted.importId }, 202);
  })
  .openapi(qtiImportRoute, async (c) => {
    const accepted = await startQtiImport(c.var.services, callerOf(c), c.req.valid("json"), languageOf(c));
    await runAfterAnswer(c, accepted.work);
    return c.json({ message: accepted.message, importId: accepted.importId }, 202);
  })
  .openapi(moodleXmlImportRoute, async (c) => {
    const accepted = await startMoodleXmlImport(c.var.services, callerOf(c), c.req.valid("json"), languageOf(c));
    await runAfterAnswer(c, accepted.work);
    return c.json({ message: accepted.message, importId: accepted.importId }, 202);
  })
  .openapi(templateRoute, (c) =>
    c.body(csvTemplate(templateBankOf(c.req.valid("query"))), 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="question-import-template.csv"' }),
  )
  .openapi(importListRoute, async (c) => c.json({ data: await listImports(c.var.services, callerOf(c)) }, 200))
  .openapi(importRoute, async (c) => c.json(await getImport(c.var.services, callerOf(c), c.req.valid("param").id), 200));
