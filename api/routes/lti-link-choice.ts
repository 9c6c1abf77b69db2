import { createRoute, z } from "@hono/zod-openapi";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { chooseQuizForLink, ChooseLinkQuizInput, linkChooser } from "../services/lti/link-choice/chooser";
import { LINK_CHOICE_TOKEN_MAX } from "../services/lti/link-choice/token";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";
import { PickerQuiz } from "./lti-deep-linking";

/** The chooser of an LMS link that opens no quiz (issue 29 point 2, docs/decisions/0091): its quizzes and the instructor's choice. */
const tags = ["LTI"];

const ChooserInput = z.object({ token: z.string().max(LINK_CHOICE_TOKEN_MAX), search: z.string().max(200).optional() }).openapi("LtiLinkChooserInput");

const chooserRoute = createRoute({
  method: "post",
  path: "/lti/linkChoice/quizzes",
  tags,
  summary: "The quizzes the instructor whose launch found the link empty may bind to it, found by name; `chosen` is where to go when the link has its quiz already",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(ChooserInput),
  responses: {
    200: jsonResponse(
      "The chooser",
      z.object({ data: z.object({ chosen: z.string().nullable(), platformName: z.string(), linkTitle: z.string().nullable(), quizzes: z.array(PickerQuiz) }) }),
    ),
    ...errorResponses(400, 401, 403, 404, 410),
  },
});

const chooseRoute = createRoute({
  method: "post",
  path: "/lti/linkChoice/choose",
  tags,
  summary: "Binds the chosen quiz to the LMS link (the first choice only; a later one changes nothing) and answers where the instructor lands",
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  request: jsonBody(ChooseLinkQuizInput.openapi("LtiLinkChoice")),
  responses: {
    200: jsonResponse("Where the instructor lands", z.object({ data: z.object({ redirectTo: z.string() }) })),
    ...errorResponses(400, 401, 403, 404, 410),
  },
});

export const ltiLinkChoiceRoutes = newRouter()
  .openapi(chooserRoute, async (c) => {
    const { token, search } = c.req.valid("json");
    return c.json({ data: await linkChooser(c.var.services, callerOf(c), token, search ?? "") }, 200);
  })
  .openapi(chooseRoute, async (c) => c.json({ data: await chooseQuizForLink(c.var.services, callerOf(c), c.req.valid("json")) }, 200));
