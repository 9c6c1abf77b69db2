import { createRoute, z } from "@hono/zod-openapi";
import { pickLanguage } from "../../locales/languages";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { AppError } from "../services/core/errors";
import { autoPostPage } from "../services/lti/deep-linking/auto-post";
import { pickerQuizzes } from "../services/lti/deep-linking/picker-quizzes";
import { respondToDeepLink, RespondInput } from "../services/lti/deep-linking/respond";
import { pickerPath } from "../services/lti/deep-linking/start";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** Deep Linking 2.0, the tool's side (issue 29 point 3, docs/decisions/0088): the picker's quizzes and the signed answer. */
const tags = ["LTI"];

const PickerInput = z.object({ token: z.string().max(100), search: z.string().max(200).optional() }).openapi("LtiPickerInput");
/** One quiz of the picker (picker-quizzes.ts): the deep-linking picker's and the link chooser's (lti-link-choice.ts). */
export const PickerQuiz = z.object({ id: z.number().int(), quizName: z.string(), totalQuestion: z.number().int(), status: z.enum(["Draft", "Published", "DateRange"]) });

const quizzesRoute = createRoute({
  method: "post",
  path: "/lti/deepLinking/quizzes",
  tags,
  summary: "The quizzes the signed-in teacher may place in the course that asked (the deep-linking request's teacher only), found by name",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(PickerInput),
  responses: {
    200: jsonResponse("The picker", z.object({ data: z.object({ platformName: z.string(), title: z.string().nullable(), quizzes: z.array(PickerQuiz) }) })),
    ...errorResponses(400, 401, 404, 410),
  },
});

const respondRoute = createRoute({
  method: "post",
  path: "/lti/deepLinking/respond",
  tags,
  summary: "The teacher's choice: a page that posts the signed LtiDeepLinkingResponse (form field JWT) to the platform's deep_link_return_url",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: { body: { required: true, content: { "application/x-www-form-urlencoded": { schema: RespondInput.openapi("LtiDeepLinkChoice") } } } },
  responses: {
    200: { description: "The auto-posting page", content: { "text/html": { schema: z.string() } } },
    303: { description: "Already answered or expired: back to the picker, which says so" },
    ...errorResponses(400, 401, 404, 503),
  },
});

export const ltiDeepLinkingRoutes = newRouter()
  .openapi(quizzesRoute, async (c) => {
    const { token, search } = c.req.valid("json");
    return c.json({ data: await pickerQuizzes(c.var.services, callerOf(c), token, search ?? "") }, 200);
  })
  .openapi(respondRoute, async (c) => {
    const choice = c.req.valid("form");
    try {
      const { returnUrl, jwt, platformIssuer } = await respondToDeepLink(c.var.services, callerOf(c), choice);
      const language = pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
      return autoPostPage({ returnUrl, jwt, platformIssuer, language }) as never;
    } catch (error) {
      // A second click or a stale page: the picker says the request is answered or expired.
      if (error instanceof AppError && error.status === 410) return c.redirect(pickerPath(choice.token), 303);
      throw error;
    }
  });
