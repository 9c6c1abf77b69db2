import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { OPTION_TYPES } from "../../db/schema/questions";
import { ANSWER_KEY_SCHEMAS } from "../services/marking/schemas";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { assertAuthor } from "../services/core/permissions";
import { createQuestion } from "../services/questions/create-question";
import { deleteQuestion } from "../services/questions/delete-question";
import { findQuestion } from "../services/questions/find-question";
import { listQuestions } from "../services/questions/list-questions";
import { listTags } from "../services/questions/list-tags";
import { randomQuestions } from "../services/questions/random-questions";
import {
  QuestionBody,
  QuestionIdInput,
  QuestionListQuery,
  QuestionUpdateBody,
  RandomQuestionsInput,
  TagListQuery,
} from "../services/questions/schemas";
import { updateQuestion } from "../services/questions/update-question";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/**
 * Spec 7, questions and tags: the question bank, for authors (Teachers and the owner).
 * Every answer here carries `optionStatus`, so a student is refused before the body is
 * even read (403), and every verb checks again.
 */
const requireAuthor = createMiddleware<ApiEnv>(async (c, next) => {
  assertAuthor(callerOf(c));
  await next();
});

const Question = z
  .object({
    id: z.number().int(),
    questionId: z.number().int(),
    questionText: z.string().openapi({ description: "As written: TeX between \\( \\) or \\[ \\] is rendered in questionTextHtml" }),
    questionTextHtml: z.string().optional().openapi({ description: "Only when the text has formulas: the text as HTML with them rendered to MathML when saved" }),
    questionImage: z.string().nullable().openapi({ description: "Blob key from POST /api/files/upload" }),
    questionImageUrl: z.string().nullable().openapi({ description: "Signed read URL, valid 3600 seconds" }),
    image: z.string().nullable().openapi({ description: "Explanation image: blob key" }),
    imageUrl: z.string().nullable().openapi({ description: "Explanation image: signed read URL, valid 3600 seconds" }),
    optionType: z.enum(OPTION_TYPES),
    options: z.array(
      z.object({
        id: z.number().int(),
        optionText: z.string(),
        optionTextHtml: z.string().optional().openapi({ description: "Only when the text has formulas: it with them rendered to MathML" }),
        optionStatus: z.boolean().openapi({ description: "Correct (authors only)" }),
      }),
    ).openapi({ description: "radio, checkbox and trueFalse (exactly True and False); empty for the other types" }),
    answerKey: z
      .union(Object.values(ANSWER_KEY_SCHEMAS))
      .nullable()
      .openapi({ description: "The key of shortAnswer, numerical, matching, ordering, cloze and essay questions (authors only, like optionStatus); null for the choice types" }),
    answerKeyHtml: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: "Only when some text of the key has formulas: those texts rendered to MathML when saved, by their path in the key (pairs.0.stem, items.2, gaps.0.choices.1, responseTemplate)" }),
    defaultMark: z.number().openapi({ description: "The question's default mark, 0.5 to 100 with two decimals" }),
    category: z.string(),
    course: z.string(),
    questionCategory: z.string(),
    questionCourse: z.string(),
    tags: z.array(z.string()),
    answerExplaination: z.string().openapi({ description: "Sanitised HTML, its formulas rendered to MathML (the TeX source kept in each formula's annotation)" }),
    used: z.boolean().openapi({ description: "Some quiz uses this question" }),
    teacherId: z.number().int().openapi({ description: "The question's author" }),
    mayChange: z.boolean().openapi({ description: "The caller may update or delete it (its author and the owner)" }),
    thumbsUpCount: z.number().int(),
    thumbsDownCount: z.number().int(),
  })
  .openapi("Question");

const QuestionList = z.object({ totalCount: z.number().int(), entities: z.array(Question) });
const Saved = z.object({ message: z.string(), code: z.enum(["QUESTION_ADDED", "QUESTION_UPDATED"]).openapi({ description: "What a client translates (docs/decisions/0061)" }), entity: Question });
const Tag = z.object({ id: z.number().int(), name: z.string() }).openapi("Tag");

function post<const P extends string, R extends Pick<RouteConfig, "request" | "responses">>(path: P, summary: string, tags: string[], config: R) {
  return createRoute({ method: "post", path, tags, summary, security: [{ bearer: [] }], middleware: [requireAuth, requireAuthor] as const, ...config });
}
const bank = ["Questions"];

const createQuestionRoute = post("/question", "Add a question to the bank of a category and course (named)", bank, {
  request: jsonBody(QuestionBody.openapi("QuestionInput")),
  responses: { 201: jsonResponse("Added: 'Question Added'", Saved), ...errorResponses(400, 401, 403) },
});
const updateQuestionRoute = post("/question/update", "Replace a question; refused (409) once a quiz using it has been taken", bank, {
  request: jsonBody(QuestionUpdateBody.openapi("QuestionUpdateInput")),
  responses: { 200: jsonResponse("Updated: 'Question Updated'", Saved), ...errorResponses(400, 401, 403, 404, 409) },
});
const findQuestionRoute = post("/question/findOne", "One question of the caller's business", bank, {
  request: jsonBody(QuestionIdInput.openapi("QuestionIdInput")),
  responses: { 200: jsonResponse("The question", Question), ...errorResponses(400, 401, 403, 404) },
});
const deleteQuestionRoute = post("/question/delete", "Delete a question no quiz uses", bank, {
  request: jsonBody(QuestionIdInput),
  responses: { 200: jsonResponse("Deleted", z.object({ message: z.string(), code: z.literal("QUESTION_DELETED") })), ...errorResponses(400, 401, 403, 404, 409) },
});
const listQuestionsRoute = post(
  "/question/findAll",
  "The bank of one category and course: filter.category and filter.course (names, required), filter.search (text), filter.tag, filter.optionType (one type); sortField questionText (default), questionId, optionType, thumbsUpCount, thumbsDownCount",
  bank,
  { request: jsonBody(QuestionListQuery.openapi("QuestionListQuery")), responses: { 200: jsonResponse("One page", QuestionList), ...errorResponses(400, 401, 403) } },
);
const randomQuestionsRoute = post("/question/findAllRandom", "Up to 10 random questions of a category and course (optionally with one of the tags)", bank, {
  request: jsonBody(RandomQuestionsInput.openapi("RandomQuestionsInput")),
  responses: { 200: jsonResponse("The pick", QuestionList), ...errorResponses(400, 401, 403) },
});
const listTagsRoute = post("/tags", "The business's tags (filter.name: part of the name; sortField name; 100 to a page by default)", ["Tags"], {
  request: jsonBody(TagListQuery.openapi("TagListQuery"), false),
  responses: { 200: jsonResponse("One page", z.object({ totalCount: z.number().int(), entities: z.array(Tag) })), ...errorResponses(400, 401, 403) },
});

export const questionRoutes = newRouter()
  .openapi(createQuestionRoute, async (c) => c.json(await createQuestion(c.var.services, callerOf(c), c.req.valid("json")), 201))
  .openapi(updateQuestionRoute, async (c) => c.json(await updateQuestion(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(findQuestionRoute, async (c) => c.json(await findQuestion(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(deleteQuestionRoute, async (c) => c.json(await deleteQuestion(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(listQuestionsRoute, async (c) => c.json(await listQuestions(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(randomQuestionsRoute, async (c) => c.json(await randomQuestions(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(listTagsRoute, async (c) => {
    // An empty body is the first page with the defaults.
    const body = c.req.header("content-length") === "0" ? {} : c.req.valid("json");
    return c.json(await listTags(c.var.services, callerOf(c), body), 200);
  });
