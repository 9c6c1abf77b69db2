import { z } from "@hono/zod-openapi";
import { ERROR_CODES } from "../services/core/errors";
import { MESSAGE_CODE_NAMES } from "../services/message-codes";

/**
 * OpenAPI shapes every resource router shares: the one error envelope (api/errors.ts writes
 * it), a bare message, and helpers that describe JSON bodies and answers.
 */

export const ErrorEnvelope = z
  .object({
    message: z.string().openapi({ description: "What went wrong, in English, for people: it may be reworded" }),
    code: z.enum([...ERROR_CODES, ...MESSAGE_CODE_NAMES]).openapi({
      description:
        "The stable, machine-readable case: decide on this, never on `message`. By status: 400 VALIDATION, 401 UNAUTHENTICATED, " +
        "403 FORBIDDEN, 404 NOT_FOUND (unknown id or endpoint), 409 CONFLICT, 413 PAYLOAD_TOO_LARGE (body or upload quota), " +
        "415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED (see Retry-After), 500 INTERNAL, 503 SERVICE_UNAVAILABLE. Narrower: " +
        "DEADLINE_PASSED (409, the attempt's time is up), ATTEMPT_SUBMITTED (409, the attempt is already submitted), " +
        "ATTEMPT_LIMIT (409, every allowed attempt is used), QUIZ_PASSWORD_REQUIRED / QUIZ_PASSWORD_INVALID (400), " +
        "QUIZ_NOT_OPEN (403, outside the quiz's dates or not published), PREMIUM_REQUIRED (403, a premium quiz for a non-subscriber), " +
        "QUESTION_CLOSED (409, a per-question timer ended for that question), " +
        "ATTEMPT_OF_ANOTHER_QUIZ (400, answerAll's quizId names another quiz than the attempt's), " +
        "SIGN_IN_EXPIRED (401, the two-step sign-in must start over), SERVER_BUSY (429, too much work at once, not the caller's rate), " +
        "CERTIFICATE_REVOKED (410, the result was set to Rejected: its certificate is not valid), " +
        "AWAITING_MARKING (409, an essay of the attempt awaits a grader: no certificate yet), " +
        "STUDENTS_ONLY (403, a students' own verb: taking, their results, feedback, thumbs, subscribing). " +
        "A refusal said by a code of its own (PLAN_TITLE_REQUIRED, CURRENCY_LOCKED, IMPORT_TOO_MANY_ROWS, …) is sent with that " +
        "code instead of the status's general one, and the values of its text in `params`. " +
        "docs/decisions/0034-error-codes.md, 0055-message-codes.md, 0061-codes-and-params.md",
    }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .openapi({
        description:
          "The values put into the code's text (names and numbers), for a client's own words: e.g. IMPORT_TOO_MANY_ROWS " +
          '{ "max": 10000, "count": 12000 }, QUIZ_TOO_MANY_QUESTIONS { "n": 7 }. Absent when the text has none.',
      }),
    errors: z.record(z.string(), z.string()).optional(),
    errorCodes: z
      .record(z.string(), z.enum(MESSAGE_CODE_NAMES))
      .optional()
      .openapi({ description: "Field name → the code of its error's text, for the fields whose text has one: translate by these, not by `errors`' English" }),
    errorParams: z
      .record(z.string(), z.record(z.string(), z.union([z.string(), z.number()])))
      .optional()
      .openapi({ description: "Field name → the values of its error's text, for the fields whose text has values (as `params` for `code`)" }),
  })
  .openapi("ErrorEnvelope");

export const Message = z
  .object({
    message: z.string(),
    code: z.string().optional().openapi({ description: "The code of the message's text, where it has one: what a client translates (docs/decisions/0061)" }),
  })
  .openapi("Message");

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input (field errors in `errors`)",
  401: "Not signed in, or the credentials are wrong",
  403: "Not allowed for this user",
  404: "Not found",
  409: "Conflicts with existing data",
  410: "No longer valid (a revoked certificate)",
  413: "The request is too large",
  415: "The body is not JSON",
  429: "Too many attempts (see Retry-After)",
  503: "The sign-in provider could not be reached",
};

/** The error responses a route documents; all share the one envelope. */
export function errorResponses<const C extends number>(...codes: C[]) {
  return Object.fromEntries(
    codes.map((code) => [code, { description: ERROR_DESCRIPTIONS[code] ?? "Error", content: { "application/json": { schema: ErrorEnvelope } } }]),
  ) as Record<C, { description: string; content: { "application/json": { schema: typeof ErrorEnvelope } } }>;
}

export function jsonBody<S extends z.ZodType>(schema: S, required = true) {
  return { body: { required, content: { "application/json": { schema } } } };
}

export function jsonResponse<S extends z.ZodType>(description: string, schema: S) {
  return { description, content: { "application/json": { schema } } };
}

/** ADR 0076: every result's pass verdict (issue 27 point 4). */
export const PassedField = z
  .boolean()
  .nullable()
  .openapi({ description: "Whether the result reaches the quiz's pass mark: true, false, or null when the quiz has none or marking is pending (NeedsGrading)" });
export const PassPercentageField = z.number().nullable().openapi({ description: "The quiz's pass mark in percent (0-100); null = none (ADR 0076)" });
