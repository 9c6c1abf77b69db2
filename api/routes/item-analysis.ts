import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { analyseItems } from "../services/results/item-analysis/item-analysis";
import { ItemAnalysisInput } from "../services/results/item-analysis/schemas";
import { ITEM_FLAGS } from "../services/results/item-analysis/thresholds";
import { QUESTION_TYPES } from "../services/marking/question-types";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** decisions.md "Item analysis" (beyond the spec); docs/decisions/0042-item-analysis.md. */
const ItemOption = z.object({ optionId: z.number().int(), optionText: z.string(), isCorrect: z.boolean(), chosenCount: z.number().int() });

const PartRate = z.object({ label: z.string(), answer: z.string(), rightRate: z.number().nullable() });
/** ADR 0072: what students answered, per question type. */
const ResponseAnalysis = z
  .union([
    z.object({ kind: z.literal("options") }),
    z.object({ kind: z.literal("wrongAnswers"), answers: z.array(z.object({ text: z.string(), count: z.number().int(), share: z.number() })) }),
    z.object({ kind: z.enum(["pairs", "positions", "gaps"]), parts: z.array(PartRate) }),
    z.object({ kind: z.literal("essay"), meanMark: z.number().nullable(), maxMark: z.number(), marked: z.number().int(), pending: z.number().int() }),
  ])
  .openapi("ItemResponseAnalysis", { description: "Choice: see options; short answer and numerical: the most frequent answers short of the full mark (top 5); matching, ordering, cloze: each pair's, place's or gap's right rate; essay: mean mark and answers waiting" });

const ItemQuestion = z
  .object({
    questionId: z.number().int(),
    questionText: z.string(),
    optionType: z.enum(QUESTION_TYPES),
    mark: z.number(),
    attempts: z.number().int().openapi({ description: "Finished attempts counted: all but those whose answer waits for a grader" }),
    pending: z.number().int().openapi({ description: "Answers waiting for a grader" }),
    facility: z.number().nullable().openapi({ description: "Mean fraction of the mark earned (partial credit), 0-1; null without attempts counted" }),
    discrimination: z.number().nullable().openapi({ description: "Corrected item-rest correlation on fractions, -1 to 1; null below 10 attempts or without variance" }),
    options: z.array(ItemOption).openapi({ description: "Choice types: in the author's order, with how many finished attempts chose each; [] for the other types" }),
    response: ResponseAnalysis,
    flags: z.array(z.enum(ITEM_FLAGS)).openapi({ description: "Reasons to revise the question (none below 10 attempts)" }),
    pendingFeedbackCount: z.number().int().openapi({ description: "Feedback on the question still Pending" }),
    drawn: z.number().int().optional().openapi({ description: "A question of the quiz's draws: how many finished attempts drew it (ADR 0077)" }),
  })
  .openapi("ItemAnalysisQuestion");

const ItemAnalysis = z
  .object({
    data: z.object({
      attempts: z.number().int().openapi({ description: "Finished attempts analysed" }),
      averagePercentage: z.number().nullable(),
      questions: z.array(ItemQuestion).openapi({ description: "In quiz order" }),
      distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })).openapi({ description: "Ten 10-point bins of the percentage; 100 falls in the last" }),
      overTime: z.array(z.object({ day: z.string(), attempts: z.number().int(), averagePercentage: z.number() })).openapi({ description: "Per day of submission on the calendar of `timeZone`, oldest first" }),
      timeZone: z.string().openapi({ description: "The IANA zone whose days overTime counts: the school's (ADR 0082), UTC before the owner chose one", example: "Europe/Paris" }),
    }),
  })
  .openapi("ItemAnalysis");

const itemAnalysisRoute = createRoute({
  method: "post",
  tags: ["Taken quizzes"],
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/itemAnalysis",
  summary:
    "How each question of a quiz did over its finished attempts: facility, discrimination, option counts and flags to revise (the quiz's teacher and the owner). " +
    "classId (optional, ADR 0080): over the attempts of the class's members only, a class the caller manages (404 otherwise)",
  request: jsonBody(ItemAnalysisInput.openapi("ItemAnalysisInput")),
  responses: { 200: jsonResponse("The analysis", ItemAnalysis), ...errorResponses(400, 401, 403, 404) },
});

export const itemAnalysisRoutes = newRouter().openapi(itemAnalysisRoute, async (c) => c.json(await analyseItems(c.var.services, callerOf(c), c.req.valid("json")), 200));
