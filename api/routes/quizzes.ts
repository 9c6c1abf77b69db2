import { createRoute, z } from "@hono/zod-openapi";
import { QUIZ_LEVELS, QUIZ_STATUSES, QUIZ_TIME_TYPES, QUIZ_TYPES, SHOW_ANSWER_TIMINGS } from "../../db/schema/quizzes";
import { OPTION_TYPES } from "../../db/schema/questions";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { createQuiz } from "../services/quizzes/create-quiz";
import { deleteQuiz } from "../services/quizzes/delete-quiz";
import { findQuiz } from "../services/quizzes/find-quiz";
import { listQuizzesForCaller } from "../services/quizzes/list-quizzes-for-caller";
import { listTeacherQuizzes } from "../services/quizzes/list-teacher-quizzes";
import { listStudentQuizzes } from "../services/student-quizzes/list-student-quizzes";
import { StudentQuizListQuery } from "../services/student-quizzes/schemas";
import { pickRandomQuizzes } from "../services/quizzes/pick-random-quizzes";
import { availableForDraws } from "../services/quizzes/draw-parts";
import { DrawsAvailableInput, QuizIdInput, QuizListQuery, QuizPatch, QuizUpdatePatch, RandomQuizzesInput } from "../services/quizzes/schemas";
import { updateQuiz } from "../services/quizzes/update-quiz";
import { errorResponses, jsonBody, jsonResponse, Message, PassPercentageField } from "./openapi-shapes";

/**
 * Spec 7 "Quiz", with the shapes decisions.md fixes: create is POST on the bare path,
 * findOne/update/delete take the quizId in the body, lists take queryParams and answer
 * { totalCount, entities }. For authors only (Teachers and the owner); the owner's quiz
 * policy is applied by the server (docs/decisions/0016-quiz-api.md).
 */
const tags = ["Quiz"];
const yesNo = z.enum(["Yes", "No"]);
const seconds = z.number().int().nullable().openapi({ description: "Epoch seconds" });

const QuizEntity = z
  .object({
    id: z.number().int(),
    quizId: z.number().int(),
    quizType: z.enum(QUIZ_TYPES),
    quizName: z.string(),
    quizDescription: z.string(),
    category: z.string(),
    course: z.string(),
    level: z.enum(QUIZ_LEVELS),
    totalQuestion: z.number().int(),
    questionsCount: z.number().int(),
    takenCount: z.number().int().openapi({ description: "Number of attempts" }),
    isPremium: z.boolean(),
    premiumQuiz: z.boolean(),
    status: z.enum(QUIZ_STATUSES),
    startDate: seconds,
    endDate: seconds,
    starttimestamp: seconds,
    endtimestamp: seconds,
    allowSkip: yesNo,
    takeBestScore: yesNo,
    showAnswer: yesNo,
    showAnswerTiming: z.enum(SHOW_ANSWER_TIMINGS).openapi({ description: "When right answers are shown (ADR 0030); Never exactly when showAnswer is No" }),
    negativeMarking: yesNo,
    attemptsAllowed: z.number().int(),
    quiztimetype: z.enum(QUIZ_TIME_TYPES),
    timeType: z.enum(QUIZ_TIME_TYPES),
    time: z.number().int().openapi({ description: "Minutes; -1 = no limit" }),
    consuctiveWrongAnswersForNegativeMarking: z.number().int(),
    password: z.string().openapi({ description: "The quiz's shared exam password, for its teacher and the owner only (\"\" for other authors and when not protected)" }),
    hasPassword: z.boolean().openapi({ description: "Whether starting the quiz asks for a password" }),
    profile: z.array(z.number().int()),
    department: z.array(z.number().int()),
    teacherId: z.number().int(),
    userid: z.number().int(),
    createdAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
    updatedAt: z.number().int().openapi({ description: "Epoch milliseconds" }),
    draws: z
      .array(z.object({ category: z.string(), course: z.string().nullable(), tag: z.string().nullable(), count: z.number().int() }))
      .openapi({ description: "Questions drawn per attempt from parts of the bank, fixed at its start (ADR 0077)" }),
    shuffleQuestions: yesNo.openapi({ description: "Each attempt's questions in its own order" }),
    passPercentage: PassPercentageField,
  })
  .openapi("Quiz");

export const QuizDetail = QuizEntity.extend({
  questions: z.array(z.object({ id: z.number().int(), questionId: z.number().int(), questionText: z.string(), optionType: z.enum(OPTION_TYPES) })),
  selectedQuestions: z.array(z.number().int()),
  selectedQuizes: z.array(z.number().int()),
  classes: z
    .array(
      z.object({
        classId: z.number().int(),
        name: z.string(),
        startDate: seconds,
        endDate: seconds,
        time: z.number().int().nullable().openapi({ description: "Minutes, -1 = no limit; null = the quiz's" }),
        attemptsAllowed: z.number().int().nullable().openapi({ description: "null = the quiz's" }),
        password: z.string().openapi({ description: "The class's own password, for the quiz's teacher and the owner only (\"\" otherwise, and when it has none)" }),
        hasPassword: z.boolean(),
      }),
    )
    .openapi({ description: "Issue 27 point 2 (ADR 0079): the classes the quiz is set for, with their own settings (null: the quiz's)" }),
}).openapi("QuizDetail");

const Saved = z.object({ message: z.string(), code: z.string(), entity: QuizDetail });
const Page = z.object({ totalCount: z.number().int(), entities: z.array(QuizEntity) }).openapi("QuizPage");


const createQuizRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz", summary: "Create a quiz (wizard submit): 'Quiz Added'. Field errors are keyed by field name with the spec's texts; the owner's policy is applied", request: jsonBody(QuizPatch.openapi("QuizInput")), responses: { 201: jsonResponse("Added", Saved), ...errorResponses(400, 401, 403) } });
const updateQuizRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/update", summary: "Update a quiz (its teacher or the owner); fields left out keep their values. A taken quiz keeps its category, course and questions (409)", request: jsonBody(QuizUpdatePatch.openapi("QuizUpdateInput")), responses: { 200: jsonResponse("Updated", Saved), ...errorResponses(400, 401, 403, 404, 409) } });
const findQuizRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/findOne", summary: "One quiz of the business with its questions (no options) and selected ids", request: jsonBody(QuizIdInput.openapi("QuizIdInput")), responses: {
  200: jsonResponse("The quiz", z.object({ entity: QuizDetail })),
  ...errorResponses(400, 401, 403, 404),
} });
const deleteQuizRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/delete", summary: "Delete a quiz nobody has taken (its teacher or the owner)", request: jsonBody(QuizIdInput), responses: {
  200: jsonResponse("Deleted", Message),
  ...errorResponses(400, 401, 403, 404, 409),
} });
const listBody = jsonBody(QuizListQuery.openapi("QuizListQuery"), false);
const listSummary = "filter: quizName (part), category, course, status; sortField: quizName (default), createdAt, level, status, takenCount";
const allByTeacherRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/allByTeacher", summary: `The caller's own quizzes, a page at a time (${listSummary})`, request: listBody, responses: {
  200: jsonResponse("One page", Page),
  ...errorResponses(400, 401, 403),
} });
const allRandomRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/allRandom", summary: "Up to 10 quizzes of a category and course, in random order; totalCount = how many there are", request: jsonBody(RandomQuizzesInput.openapi("RandomQuizzesInput")), responses: {
  200: jsonResponse("The pick", Page),
  ...errorResponses(400, 401, 403),
} });

const StudentQuiz = z
  .object({
    id: z.number().int(),
    quizId: z.number().int(),
    quizName: z.string(),
    quizDescription: z.string(),
    category: z.string(),
    course: z.string(),
    level: z.enum(QUIZ_LEVELS),
    questionsCount: z.number().int(),
    time: z.number().int().openapi({ description: "Minutes; -1 = no limit" }),
    quiztimetype: z.enum(QUIZ_TIME_TYPES),
    attemptsAllowed: z.number().int(),
    attemptsTaken: z.number().int().openapi({ description: "Attempts this student started" }),
    remainingAttempts: z.number().int(),
    premiumQuiz: z.boolean(),
    hasPassword: z.boolean().openapi({ description: "startQuiz will ask for the quiz's password (never sent to students)" }),
    opensAt: z.number().int().nullable().openapi({ description: "Epoch ms: when the quiz opens for this student (their classes' or override's date, else the quiz's); null = no bound (ADR 0079)" }),
    closesAt: z.number().int().nullable().openapi({ description: "Epoch ms: when it closes for this student; null = no bound (ADR 0079)" }),
    endDate: z.number().int().nullable().openapi({ description: "When the quiz closes for this student (closesAt in epoch seconds, as the quiz's endDate); null: no closing date. Pages show it in the school's time zone (ADR 0082)" }),
  })
  .openapi("StudentQuiz");
const PremiumInfo = z
  .object({
    subscribed: z.boolean(),
    subscriptionEnabled: z.boolean(),
    totalCount: z.number().int().openapi({ description: "Quizzes matching the filter with premium ones included: 'Displaying {totalCount} of {premium.totalCount} quizzes'" }),
  })
  .openapi("PremiumInfo");
const StudentPage = z
  .object({ totalCount: z.number().int().openapi({ description: "Quizzes listed to this student" }), entities: z.array(StudentQuiz), premium: PremiumInfo })
  .openapi("StudentQuizPage");
const studentPoolSummary =
  "quizzes of the business open now for the student (Published, or DateRange inside its dates; the dates of the student's classes or override where the quiz has them, ADR 0079) and visible to the student's profile and department and, for a quiz set for classes, to students of those classes; premium ones only for subscribers while the owner sells subscriptions (filter: quizName (part); sortField: quizName (default), level, createdAt)";
const allForStudentRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/allForStudent", summary: `The student's quiz pool: ${studentPoolSummary}. Students only; POST /quiz/all answers the same to a student`, request: jsonBody(StudentQuizListQuery.openapi("StudentQuizListQuery"), false), responses: {
  200: jsonResponse("One page", StudentPage),
  ...errorResponses(400, 401, 403),
} });

/**
 * /quiz/all answers by the caller (docs/decisions/0035-spec-list-calls.md), so its body is
 * read by the list of the caller's kind: the route passes it through, and the service
 * validates it with that list's rules and messages (a union here would turn every field
 * error into zod's bare "Invalid input"). The document names both shapes.
 */
const QuizAllQuery = z.unknown().openapi("QuizAllQuery", {
  description: "An author's body is a QuizListQuery, a student's a StudentQuizListQuery",
  oneOf: [{ $ref: "#/components/schemas/QuizListQuery" }, { $ref: "#/components/schemas/StudentQuizListQuery" }],
});
const allRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/all", summary: `By the caller, a page at a time. An author (a Teacher or the owner): every quiz of the business (${listSummary}). A student: their quiz pool, the same answer as /quiz/allForStudent: ${studentPoolSummary}`, request: jsonBody(QuizAllQuery, false), responses: {
  200: jsonResponse("One page: a QuizPage for an author, a StudentQuizPage (with premium) for a student", z.union([Page, StudentPage]).openapi({}, { unionPreferredType: "oneOf" })),
  ...errorResponses(400, 401, 403),
} });

const DrawsAvailable = z
  .object({ data: z.object({ available: z.array(z.number().int()).openapi({ description: "Per draw, in order: the questions sure to be left for it (the save refuses a count above it)" }) }) })
  .openapi("DrawsAvailable");
const drawsAvailableRoute = createRoute({ method: "post", tags, security: [{ bearer: [] }], middleware: [requireAuth] as const, path: "/quiz/drawsAvailable", summary: "Authors: the wizard's \"N available\" of each draw (ADR 0077), counted as the quiz's save counts it; selectedQuestions are the quiz's own (left out of every draw's part)", request: jsonBody(DrawsAvailableInput.openapi("DrawsAvailableInput")), responses: { 200: jsonResponse("Each draw's available count", DrawsAvailable), ...errorResponses(400, 401, 403) } });

/** An empty body on a list is the first page with the defaults. */
const listInput = (c: { req: { header: (name: string) => string | undefined } }, valid: () => unknown) => (c.req.header("content-length") === "0" ? {} : valid());

export const quizRoutes = newRouter()
  .openapi(createQuizRoute, async (c) => c.json(await createQuiz(c.var.services, callerOf(c), c.req.valid("json")), 201))
  .openapi(updateQuizRoute, async (c) => c.json(await updateQuiz(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(findQuizRoute, async (c) => c.json(await findQuiz(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(deleteQuizRoute, async (c) => c.json(await deleteQuiz(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(allByTeacherRoute, async (c) => c.json(await listTeacherQuizzes(c.var.services, callerOf(c), listInput(c, () => c.req.valid("json"))), 200))
  .openapi(allRoute, async (c) => c.json(await listQuizzesForCaller(c.var.services, callerOf(c), listInput(c, () => c.req.valid("json"))), 200))
  .openapi(allForStudentRoute, async (c) => c.json(await listStudentQuizzes(c.var.services, callerOf(c), listInput(c, () => c.req.valid("json"))), 200))
  .openapi(allRandomRoute, async (c) => c.json(await pickRandomQuizzes(c.var.services, callerOf(c), c.req.valid("json")), 200))
  .openapi(drawsAvailableRoute, async (c) => c.json({ data: await availableForDraws(c.var.services, callerOf(c), c.req.valid("json")) }, 200));
