import { createRoute, z } from "@hono/zod-openapi";
import { GRADING_STATUSES, RESULT_STATUSES } from "../../db/schema/attempts";
import { SHOW_ANSWER_TIMINGS } from "../../db/schema/quizzes";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { listStudentTakenQuizzes } from "../services/results/list-taken-quizzes";
import { fetchLatestTakenQuizResult, fetchTakenQuizResult } from "../services/results/read-result";
import { TakenQuizIdInput, TakenQuizListQuery } from "../services/results/schemas";
import { errorResponses, jsonBody, jsonResponse, PassedField, PassPercentageField } from "./openapi-shapes";
import { AnswerViewFields, AnyAnswer, QuestionTypeEnum } from "./question-type-shapes";

/**
 * Spec 7 "Taking and taken quizzes", the student's side: their own finished attempts and
 * each result (spec 2.4), with the right answers and explanations only where the quiz shows
 * answers (docs/decisions/0024-student-results.md). Students only.
 */
const tags = ["Taken quizzes"];
const yesNo = z.enum(["Yes", "No"]);

const TakenQuizRow = z
  .object({
    id: z.number().int(),
    takenQuizId: z.number().int(),
    quizId: z.number().int(),
    quizName: z.string(),
    quizCategory: z.string(),
    attemptNumber: z.number().int(),
    percentage: z.number(),
    correctAnswered: z.number().int(),
    negativePoints: z.number().int(),
    timeTaken: z.number().int().openapi({ description: "Seconds" }),
    attemptDate: z.number().int().openapi({ description: "Epoch ms of the start" }),
    status: z.enum(RESULT_STATUSES),
    gradingStatus: z.enum(GRADING_STATUSES).openapi({ description: "NeedsGrading while an essay awaits a grader (the percentage is provisional)" }),
    rating: z.number().int().openapi({ description: "The student's 1-5 rating of the quiz; 0 = not rated" }),
    remainingAttempts: z.number().int(),
    totalAttempts: z.number().int().openapi({ description: "Attempts the student has started at this quiz" }),
    attemptsAllowed: z.number().int(),
    passPercentage: PassPercentageField,
    passed: PassedField,
  })
  .openapi("TakenQuizRow");

const Option = z.object({ id: z.number().int(), optionText: z.string(), optionTextHtml: z.string().optional().openapi({ description: "Only when the text has formulas: it with them rendered to MathML" }) });

const TakenQuizAnswer = z
  .object({
    questionId: z.number().int(),
    question: z.object({
      id: z.number().int(),
      questionId: z.number().int(),
      questionText: z.string(),
      questionTextHtml: z.string().optional().openapi({ description: "Only when the text has formulas: the text as HTML with them rendered to MathML" }),
      questionImage: z.string().nullable().openapi({ description: "Signed URL (3600 s)" }),
      optionType: QuestionTypeEnum,
      options: z.array(Option).openapi({ description: "In the order the attempt showed them" }),
      ...AnswerViewFields,
    }).omit({ defaultMark: true }),
    answerStatus: z.enum(["yes", "partial", "no", "pending", "empty"]).openapi({ description: "yes full mark, partial, no, pending (awaiting a grader), empty not answered" }),
    mark: z.number().nullable().openapi({ description: "Marks earned; null while pending" }),
    maxMark: z.number().openapi({ description: "The question's mark in the quiz (defaultMark)" }),
    answer: AnyAnswer.nullable().openapi({ description: "The answer given (this attempt's ids); null when none" }),
    answerFurthers: z.array(Option).openapi({ description: "The chosen options" }),
    costsNegativePoint: z.boolean(),
    comment: z.string().optional().openapi({ description: "A grader's comment on the answer, when there is one (manual grading)" }),
    gradedBy: z.string().optional().openapi({ description: "The quiz's authors only, when a person marked the question: the grader's name" }),
    gradedAt: z.number().int().optional().openapi({ description: "The quiz's authors only, when a person marked the question: epoch ms" }),
    savedAt: z.number().int().optional().openapi({ description: "The quiz's authors only: when the answer was last saved, epoch ms" }),
    rubricLevels: z
      .array(z.object({ criterion: z.string(), level: z.string(), points: z.number() }))
      .optional()
      .openapi({ description: "Only when answerReview.shown and a grader used the rubric: the levels chosen" }),
    acceptedAnswers: z
      .array(z.union([z.object({ text: z.string(), credit: z.number() }), z.object({ value: z.number(), tolerance: z.number(), credit: z.number() })]))
      .optional()
      .openapi({ description: "shortAnswer and numerical, only when answerReview.shown: every accepted answer with its credit (%)" }),
    caseSensitive: z.boolean().optional().openapi({ description: "shortAnswer, only when answerReview.shown" }),
    acceptedUnits: z.array(z.object({ unit: z.string(), multiplier: z.number() })).optional().openapi({ description: "numerical, only when answerReview.shown" }),
    unitRequired: z.boolean().optional().openapi({ description: "numerical, only when answerReview.shown" }),
    gapFractions: z.array(z.number()).optional().openapi({ description: "cloze, only when answerReview.shown: the fraction (0-1) each gap earned" }),
    myVote: z.enum(["up", "down", "none"]).openapi({ description: "The student's own thumbs on the question (POST /api/question/thumbs)" }),
    correctOptionIds: z.array(z.number().int()).optional().openapi({ description: "Only when answerReview.shown" }),
    rightAnswer: z.record(z.string(), z.unknown()).optional().openapi({ description: "Types without options, only when answerReview.shown: an answer earning the full mark, with this attempt's ids" }),
    answerKey: z.record(z.string(), z.unknown()).optional().openapi({ description: "The quiz's authors only: the whole answerKey of a type without options" }),
    answerExplaination: z.string().optional().openapi({ description: "Only when answerReview.shown (sanitised HTML)" }),
    image: z.string().nullable().optional().openapi({ description: "Explanation image, signed URL; only when answerReview.shown" }),
  })
  .openapi("TakenQuizAnswer");

const TakenQuizResult = TakenQuizRow.extend({
  score: z.number().openapi({ description: "Marks earned: sum of mark x fraction minus negative marks, at least 0 (every mark 1: max(0, correctAnswered - negativePoints))" }),
  totalMarks: z.number().openapi({ description: "Sum of the questions' marks" }),
  gradingStatus: z.enum(GRADING_STATUSES).openapi({ description: "NeedsGrading while an essay awaits a grader: the percentage is provisional, no certificate, no leader-board place" }),
  student: z.object({ name: z.string(), email: z.string() }).optional().openapi({ description: "The quiz's authors only: who took the attempt" }),
  totalQuestions: z.number().int(),
  submittedAt: z.number().int().openapi({ description: "Epoch ms of the grading" }),
  countingTakenQuizId: z.number().int().nullable().openapi({ description: "The attempt that counts: best (takeBestScore Yes) or latest" }),
  quiz: z.object({ id: z.number().int(), quizId: z.number().int(), quizName: z.string(), showAnswer: yesNo, showAnswerTiming: z.enum(SHOW_ANSWER_TIMINGS), takeBestScore: yesNo, attemptsAllowed: z.number().int() }),
  answerReview: z
    .object({
      shown: z.boolean(),
      hiddenBecause: z.enum(["never", "openAttempt", "lastAttempt", "quizCloses"]).nullable(),
      quizClosesAt: z.number().int().nullable().openapi({ description: "Epoch ms; with quizCloses" }),
    })
    .openapi({ description: "Whether this result carries the right answers now, and if not why (ADR 0030: never while an attempt of the quiz is open)" }),
  takenQuizAnswers: z.array(TakenQuizAnswer).openapi({ description: "In quiz order" }),
}).openapi("TakenQuizResult");

const IdInput = TakenQuizIdInput.openapi("TakenQuizIdInput");
const Page = z.object({ totalCount: z.number().int(), entities: z.array(TakenQuizRow) }).openapi("TakenQuizPage");

const listRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/fetchAllByStudentId",
  summary:
    "The caller's own finished attempts, a page at a time (filter: quizName (part); sortField: attemptDate (default, desc), percentage, quizName). Any student id in the body is ignored. Attempts left open past their deadline are graded first",
  request: jsonBody(TakenQuizListQuery.openapi("TakenQuizListQuery"), false),
  responses: { 200: jsonResponse("One page", Page), ...errorResponses(400, 401, 403) },
});

const resultResponses = {
  200: jsonResponse("The result", TakenQuizResult),
  ...errorResponses(400, 401, 403, 404, 409),
};
const fetchByIdRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/fetchById",
  summary: "The result of one of the caller's attempts (404 if not theirs; 409 while it is still running; one past its deadline is graded first)",
  request: jsonBody(IdInput),
  responses: resultResponses,
});
const fetchLatestRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takenQuiz/fetchLatestById",
  summary: "The result of the caller's latest finished attempt at the quiz of takenQuizId (404 if not theirs; 409 when none is finished)",
  request: jsonBody(IdInput),
  responses: resultResponses,
});

/** An empty body is an empty list query (all defaults). */
const listInput = (c: { req: { header: (name: string) => string | undefined } }, valid: () => unknown) => (c.req.header("content-length") === "0" ? {} : valid());

export const takenQuizRoutes = newRouter()
  .openapi(listRoute, async (c) => c.json(await listStudentTakenQuizzes(c.var.services, callerOf(c), listInput(c, () => c.req.valid("json"))), 200))
  .openapi(fetchByIdRoute, async (c) => c.json(await fetchTakenQuizResult(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(fetchLatestRoute, async (c) => c.json(await fetchLatestTakenQuizResult(c.var.services, callerOf(c), c.req.valid("json")), 200));
