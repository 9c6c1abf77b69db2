import { z } from "@hono/zod-openapi";

/**
 * OpenAPI shapes every resource router shares: the one error envelope (api/errors.ts writes
 * it), a bare message, and helpers that describe JSON bodies and answers.
 */

export const ErrorEnvelope = z
  .object({ message: z.string(), errors: z.record(z.string(), z.string()).optional() })
  .openapi("ErrorEnvelope");

export const Message = z.object({ message: z.string() }).openapi("Message");

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "Invalid input (field errors in `errors`)",
  401: "Not signed in, or the credentials are wrong",
  403: "Not allowed for this user",
  404: "Not found",
  409: "Conflicts with existing data",
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
