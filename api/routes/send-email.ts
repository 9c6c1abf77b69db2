import { createRoute, z } from "@hono/zod-openapi";
import { pickLanguage } from "../../locales/languages";
import { newRouter } from "../env";
import { callerOf, requireAuth } from "../middleware/auth";
import { SendEmailInput } from "../services/mail/schemas";
import { sendStudentEmail } from "../services/mail/send-student-email";
import { errorResponses, jsonBody, jsonResponse } from "./openapi-shapes";

/** Spec 7 "Feedback and e-mail": a teacher or the owner e-mails a student (docs/decisions/0040). */
const sendEmailRoute = createRoute({
  method: "post",
  tags: ["Feedback"],
  security: [{ bearer: [] }],
  middleware: [requireAuth] as const,
  path: "/sendEmail",
  summary:
    "An author e-mails a student of the business: 'Email has been sent successfully'. The rich-text message is sanitised as an explanation is; " +
    "empty after that, a subject outside 2–50 characters: 400; an address that is not a student of the business: 404, nothing sent; " +
    "students: 403; more than 20 in ten minutes or 100 a day per sender (10 a day per student): 429 RATE_LIMITED",
  request: jsonBody(SendEmailInput),
  responses: { 200: jsonResponse("Sent", z.object({ message: z.string(), code: z.literal("EMAIL_SENT") })), ...errorResponses(400, 401, 403, 404, 429) },
});

export const sendEmailRoutes = newRouter().openapi(sendEmailRoute, async (c) => {
  // The greeting and footer in the sender's language: the `lang` cookie, else the browser's, else English.
  const language = pickLanguage(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
  return c.json(await sendStudentEmail(c.var.services, callerOf(c), c.req.valid("json"), { language }), 200);
});
