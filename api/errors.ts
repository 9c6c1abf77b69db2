import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type MessageCode, refusalCodes } from "./services/message-codes";
import { AppError, TooManyRequests, errorEnvelope, serviceErrorOf, type ErrorEnvelope } from "./services/core/errors";

/*
 * The transport's side of errors: how a service error (api/services/core/errors.ts) becomes
 * an HTTP response. Services throw the typed errors; only the API's `onError` reads them here.
 */

export const ENDPOINT_NOT_FOUND = "The requested endpoint is not found";

/** Hono's `onError` handler: the one place an error becomes a response. */
export function toErrorResponse(err: unknown, c: Context): Response {
  err = serviceErrorOf(err);
  if (err instanceof AppError) {
    // The code a client translates by (a narrower one, or its text's: api/services/message-codes.ts).
    const body: ErrorEnvelope<MessageCode> = { message: err.message, ...refusalCodes(err) };
    if (err.fieldErrors) body.errors = err.fieldErrors;
    if (err instanceof TooManyRequests) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed bodies (e.g. invalid JSON) before our code runs.
    const status = err.status >= 500 ? 400 : err.status;
    return c.json(errorEnvelope(status, err.status === 400 ? "Malformed request body" : err.message), status as ContentfulStatusCode);
  }
  console.error(err);
  return c.json(errorEnvelope(500, "Something wrong!"), 500);
}
