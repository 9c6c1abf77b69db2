import type { Hono } from "hono";
import type { ExtractSchema } from "hono/types";
import type { AppServices } from "./services/core/app-services";
import { type ApiEnv, newRouter } from "./env";
import { ENDPOINT_NOT_FOUND, toErrorResponse } from "./errors";
import { errorEnvelope } from "./services/core/errors";
import { limitBodySize } from "./middleware/body-limit";
import { declareJsonAnswers } from "./middleware/json-answers";
import { refuseCrossSiteWrites } from "./middleware/cross-site";
import { moduleCors, setAnswerHeader } from "./middleware/module-cors";
import { adminSettingRoutes } from "./routes/admin-settings";
import { authRoutes } from "./routes/auth";
import { categoryRoutes } from "./routes/categories";
import { certificateRoutes } from "./routes/certificates";
import { filesRoutes } from "./routes/files";
import { healthRoutes } from "./routes/health";
import { importRoutes } from "./routes/imports";
import { lookupRoutes } from "./routes/lookups";
import { outboxRoutes } from "./routes/outbox";
import { meRoutes, userRoutes } from "./routes/users";
import { questionRoutes } from "./routes/questions";
import { quizRoutes } from "./routes/quizzes";
import { takeQuizRoutes } from "./routes/take-quiz";
import { extraTimeRoutes } from "./routes/extra-time";
import { feedbackRoutes } from "./routes/feedback";
import { sendEmailRoutes } from "./routes/send-email";
import { takenQuizRoutes } from "./routes/taken-quiz";
import { leaderBoardRoutes } from "./routes/leader-board";
import { quizStatsRoutes } from "./routes/quiz-stats";
import { gradingRoutes } from "./routes/grading";
import { itemAnalysisRoutes } from "./routes/item-analysis";
import { subscriptionRoutes } from "./routes/subscriptions";
import { offlinePaymentRoutes } from "./routes/offline-payments";
import { classRoutes } from "./routes/classes";
import { reportRoutes } from "./routes/reports";
import { quizOverrideRoutes } from "./routes/quiz-overrides";
import { questionExportRoutes } from "./routes/question-export";
import { ltiPlatformRoutes } from "./routes/lti-platforms";
import { ltiDeepLinkingRoutes } from "./routes/lti-deep-linking";
import { ltiLinkChoiceRoutes } from "./routes/lti-link-choice";
import { createLtiLaunchRoutes } from "./routes/lti-launch";
import { startDeepLinking } from "./services/lti/deep-linking/start";

/** The `/api` application: every resource router, one error envelope, the OpenAPI document. */
export function createApi(services: AppServices) {
  const api = newRouter();
  api.use(async (c, next) => {
    c.set("services", services);
    await next();
  });
  api.onError(toErrorResponse);
  api.use(declareJsonAnswers);
  // Other modules of the business call this API from their pages with Bearer tokens
  // (spec 4: module switching); only the configured origins, never with cookies.
  api.use(moduleCors(services.config.corsOrigins));
  // LTI 1.3 login and launch (ADR 0087): cross-site form posts by nature, proven by the state
  // bound to the browser and the platform's signature; mounted before the cross-site refusal,
  // with their own body limit. A deep-linking request goes on to the teacher's quiz picker.
  api.route("/lti", createLtiLaunchRoutes(startDeepLinking));
  // After CORS (so a refused write still answers preflights) and before any body is read.
  api.use(refuseCrossSiteWrites(services.config.appUrl));
  api.use(limitBodySize);
  // Auth answers carry tokens, keys or the signed-in user: never stored by any cache.
  api.use("/auth/*", async (c, next) => {
    await next();
    setAnswerHeader(c, "Cache-Control", "no-store");
  });
  api.notFound((c) => c.json(errorEnvelope(404, ENDPOINT_NOT_FOUND), 404));

  const routes = api
    .route("/health", healthRoutes)
    .route("/auth", authRoutes)
    .route("/files", filesRoutes)
    .route("/outbox", outboxRoutes)
    .route("/admin", adminSettingRoutes)
    .route("/admin", userRoutes)
    // Beyond the spec (ADR 0046): /api/users/me/update, /api/dashboard: the signed-in user's own.
    .route("/", meRoutes)
    // Spec 7 names these at the API root (POST /api/getAllCategoryCourse, /api/categoryCourse).
    .route("/", categoryRoutes)
    .route("/", lookupRoutes)
    // Spec 7: /api/question, /api/question/findAll, … and /api/tags.
    .route("/", questionRoutes)
    // Spec 7: /api/csvquestion (and its template); beyond the spec: /api/giftquestion.
    .route("/", importRoutes)
    // Spec 7: /api/quiz, /api/quiz/findOne, /update, /delete, /allByTeacher, /all, /allRandom.
    .route("/", quizRoutes)
    // Spec 7 "Taking": /api/takeQuiz/startQuiz, /saveAnswers (decisions.md), /answerAll.
    .route("/", takeQuizRoutes)
    // Spec 7 "Feedback": /api/feedback/sendQuestionFeedback.
    .route("/", feedbackRoutes)
    // Spec 7: /api/sendEmail (a teacher or the owner writes to a student).
    .route("/", sendEmailRoutes)
    .route("/", extraTimeRoutes)
    // Spec 7 "taken quizzes", the student's side: /api/takenQuiz/fetchAllByStudentId, /fetchById, /fetchLatestById.
    .route("/", takenQuizRoutes)
    // Spec 7 fetchAllTakenQuiz, fetchQuizNames; beyond the spec: /api/takenQuiz/export (CSV).
    .route("/", leaderBoardRoutes)
    // Spec 7, the teacher's side: /api/takenQuiz/fetchAllByQuizId, /updateStatus (spec 2.5 viewStats).
    .route("/", quizStatsRoutes)
    // decisions.md "Manual grading" (ADR 0069): /api/takenQuiz/gradingQueue, /grade.
    .route("/", gradingRoutes)
    // Beyond the spec (decisions.md "Item analysis"): /api/takenQuiz/itemAnalysis.
    .route("/", itemAnalysisRoutes)
    // Beyond the spec (decisions.md "Certificates"): /api/takenQuiz/{id}/certificate, /api/certificates/{code}.
    .route("/", certificateRoutes)
    .route("/", subscriptionRoutes)
    // Issue 17 point 5 (ADR 0045): /api/subscriptions/offline, /markPaid, /refuse.
    .route("/", offlinePaymentRoutes);
  // decisions.md "Classes, papers and pass marks" (issue 27 point 1): /api/classes, /all, /findOne, /update, /delete,
  // /members, /join, /import. Mounted beside the chain, not in it (one more link makes the chain's type too deep
  // for tsc); its routes join `ApiType` below, so the typed client reaches them all the same.
  api.route("/", classRoutes);
  // decisions.md "Reports" and quiz duplication (issue 27 point 5, ADR 0081): /api/reports/student, /class, /api/quiz/duplicate.
  api.route("/", reportRoutes);
  // decisions.md "A quiz set for classes" (issue 27 point 2, ADR 0079): /api/quiz/override, /list, /delete. Outside
  // the chain for the same reason as the classes'; both join `ApiType` below as theirs do.
  api.route("/", quizOverrideRoutes);
  // decisions.md "Exchange" (issue 28 point 3, ADR 0085): /api/question/export. Beside the chain, as the reports.
  api.route("/", questionExportRoutes);
  // decisions.md "LTI 1.3" (issue 29, ADR 0088): /api/lti/jwks, /api/lti/register, /api/lti/platform/*.
  api.route("/", ltiPlatformRoutes);
  // Issue 29 point 3 (ADR 0088): /api/lti/deepLinking/quizzes, /respond.
  api.route("/", ltiDeepLinkingRoutes);
  api.route("/", ltiLinkChoiceRoutes);

  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Quiz API", version: "1.0.0", description: "Quiz and exam platform API (spec section 7)." },
    // The paths below are relative to this server: the app mounts the API under /api, so a
    // generated client calls `${appUrl}/api/auth/login`, not `${appUrl}/auth/login`.
    servers: [{ url: `${services.config.appUrl}/api`, description: "This deployment" }],
  });
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer", bearerFormat: "JWT" });
  return routes;
}

/**
 * What the typed client (`hc<ApiType>`, ADR 0038) may call: the chain's routes and the class,
 * report and override routes mounted beside it, joined here as one schema. Joining two finished schemas costs tsc
 * little; adding the class router to the chain made every `.route()` after it walk them again.
 */
export type ApiType = Hono<
  ApiEnv,
  ExtractSchema<ReturnType<typeof createApi>> & ExtractSchema<typeof classRoutes> & ExtractSchema<typeof reportRoutes> & ExtractSchema<typeof quizOverrideRoutes>,
  "/"
>;
