import { createRoute, z } from "@hono/zod-openapi";
import { ANSWER_STATUSES, EXAM_MODES } from "../../db/schema/attempts";
import { QUIZ_TIME_TYPES } from "../../db/schema/quizzes";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { clientAddressOf } from "../services/auth/client-address";
import { answerAllRead } from "../services/attempts/answer-all";
import { answerOne } from "../services/attempts/answer-one";
import { rateQuiz } from "../services/attempts/rate-quiz";
import { saveReadAnswers } from "../services/attempts/save-answers";
import { AnswerAllInput, AnswerOneInput, RateQuizInput, SaveAnswersInput, StartQuizInput } from "../services/attempts/schemas";
import { startQuiz } from "../services/attempts/start-quiz";
import { errorResponses, jsonBody, jsonResponse, PassedField } from "./openapi-shapes";
import { AnswerViewFields, AnyAnswer, QuestionTypeEnum } from "./question-type-shapes";

/**
 * Spec 7 "Taking" with decisions.md's shapes: the server is the referee (start, deadline,
 * attempt limit, password, visibility) and nothing sent before an answer is final says
 * which options are correct (docs/decisions/0023-exam-engine.md). Students only.
 */
const tags = ["Taking"];
const yesNo = z.enum(["Yes", "No"]);
const Answer = z.object({
  questionId: z.number().int(),
  answer: AnyAnswer,
  answerStatus: z.enum(ANSWER_STATUSES),
  final: z.boolean().openapi({ description: "Checked one by one (answerOne): the answer is final and answerStatus is its verdict (yes right, no wrong)" }),
});

const StartedExam = z
  .object({
    takenQuizId: z.number().int(),
    quizId: z.number().int(),
    attemptNumber: z.number().int(),
    startedAt: z.number().int().openapi({ description: "Epoch ms, server clock" }),
    deadlineAt: z.number().int().nullable().openapi({ description: "Epoch ms: the earlier of the time limit and a DateRange quiz's end date; null = neither (count up)" }),
    serverNow: z.number().int().openapi({ description: "The server's clock, epoch ms" }),
    questionTime: z.number().int().nullable().openapi({ description: "Seconds each question has when the quiz is timed per question (extra time included); null otherwise" }),
    examMode: z.enum(EXAM_MODES),
    quiz: z.object({ quizName: z.string(), time: z.number().int(), quiztimetype: z.enum(QUIZ_TIME_TYPES), allowSkip: yesNo, showAnswer: yesNo, totalQuestion: z.number().int() }),
    questions: z.array(
      z.object({
        id: z.number().int(),
        questionId: z.number().int(),
        questionText: z.string(),
        questionTextHtml: z.string().optional().openapi({ description: "Only when the text has formulas: the text as HTML with them rendered to MathML" }),
        questionImage: z.string().nullable().openapi({ description: "Signed URL (3600 s)" }),
        optionType: QuestionTypeEnum,
        options: z.array(z.object({ id: z.number().int(), optionText: z.string(), optionTextHtml: z.string().optional() })).openapi({ description: "Ids and order of this attempt's own, unrelated to the stored ids (ADR 0031); never which is correct" }),
        ...AnswerViewFields,
      }),
    ),
    savedAnswers: z.array(Answer),
  })
  .openapi("StartedExam");

const TakenQuizObject = z
  .object({
    takenQuizId: z.number().int(),
    id: z.number().int(),
    quizId: z.number().int(),
    attemptNumber: z.number().int(),
    correctAnswered: z.number().int(),
    negativePoints: z.number().int(),
    percentage: z.number(),
    timeTaken: z.number().int().openapi({ description: "Seconds" }),
    attemptDate: z.number().int().openapi({ description: "Epoch ms" }),
    status: z.string(),
    passed: PassedField,
  })
  .openapi("TakenQuizObject");

const startRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takeQuiz/startQuiz",
  summary:
    "Start (or resume) an attempt: checks the quiz is open to the student, the password ('Password required!', 'password invalid'; 429 with Retry-After after 10 wrong ones in 15 minutes) and the attempt limit (409); a second call while the attempt is open resumes it",
  request: jsonBody(StartQuizInput.openapi("StartQuizInput")),
  responses: { 200: jsonResponse("The attempt", StartedExam), ...errorResponses(400, 401, 403, 404, 409, 429) },
});
const saveRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takeQuiz/saveAnswers",
  summary: "Autosave: upsert answers of the caller's open attempt (idempotent). 409 once submitted or past the deadline plus 30 s",
  request: jsonBody(SaveAnswersInput.openapi("SaveAnswersInput")),
  responses: {
    200: jsonResponse(
      "Saved",
      z.object({
        message: z.string(),
        saved: z.number().int(),
        savedAt: z.number().int(),
        // The exam page reads it: extra time or a moved end date reaches the clock with the next save.
        deadlineAt: z.number().int().nullable().openapi({ description: "Epoch ms: the attempt's deadline now (time limit with extra time, or the quiz's end date); null = none" }),
      }),
    ),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const answerAllRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takeQuiz/answerAll",
  summary: "Submit: saves the last answers (when still accepted), grades once, answers the result; calling again returns the same result",
  request: jsonBody(AnswerAllInput.openapi("AnswerAllInput")),
  responses: { 200: jsonResponse("Graded", z.object({ message: z.string(), data: z.object({ takenQuizObject: TakenQuizObject }) })), ...errorResponses(400, 401, 403, 404) },
});

const answerOneRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takeQuiz/answerOne",
  summary:
    "One-by-one Check: makes one answer final and says yes/partial/no, with the right options (or the right answer of a type without options) and the explanation when the quiz shows answers (409 in all-at-once exams or when already checked; an essay is marked by a person and cannot be checked)",
  request: jsonBody(AnswerOneInput.openapi("AnswerOneInput")),
  responses: {
    200: jsonResponse(
      "Checked",
      z.object({
        answerStatus: z.enum(["yes", "partial", "no"]),
        correctOptionIds: z.array(z.number().int()).optional(),
        rightAnswer: AnyAnswer.optional().openapi({ description: "Types without options, when the quiz shows answers: an answer earning the full mark, with this attempt's ids" }),
        answerExplaination: z.string().optional(),
        image: z.string().nullable().optional(),
      }),
    ),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});
const rateRoute = createRoute({
  method: "post",
  tags,
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/takeQuiz/rateQuiz",
  summary: "Rate a finished quiz 1-5 stars; rating again replaces it",
  request: jsonBody(RateQuizInput.openapi("RateQuizInput")),
  responses: { 200: jsonResponse("Rated", z.object({ message: z.string(), rating: z.number().int() })), ...errorResponses(400, 401, 403, 409) },
});

export const takeQuizRoutes = newRouter()
  .openapi(startRoute, async (c) => c.json(await startQuiz(c.var.services, callerOf(c), c.req.valid("json"), { clientAddress: clientAddressOf(c.req.raw.headers) }), 200))
  // Read by the route's validator with the services' own schemas: not read again (saveReadAnswers, answerAllRead).
  .openapi(saveRoute, async (c) => c.json(await saveReadAnswers(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(answerAllRoute, async (c) => c.json(await answerAllRead(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(answerOneRoute, async (c) => c.json(await answerOne(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(rateRoute, async (c) => c.json(await rateQuiz(c.var.services, callerOf(c), c.req.valid("json")), 200));
