import { data } from "react-router";
import { type MessageParams, type Said } from "../../api/services/core/coded";
import { AppError, type ErrorCode, serviceErrorOf, TooManyRequests } from "../../api/services/core/errors";
import { type MessageCode, refusalCodes } from "../../api/services/message-codes";

/**
 * How page actions answer their forms, for every area: a service error becomes the form's
 * answer with its status, and form fields are read as strings. Loaders use
 * loader-failure.server.ts instead (a failed load is an error page, not a form answer).
 */

/** What a failed action returns to its form (messages in English; the page translates). */
export interface ActionFailure {
  message: string;
  /** The API's machine-readable case (docs/decisions/0034): pages decide on it, never on `message`. */
  code?: ErrorCode | MessageCode;
  /** The values of the code's template, which the page's words take too (ADR 0061). */
  params?: MessageParams;
  /** Field name → the code of its error's text, where it has one: what the page translates by. */
  errorCodes?: Record<string, MessageCode>;
  /** Field name → the values of its error's template. */
  errorParams?: Record<string, MessageParams>;
  /** A throttled form's wait (also sent as Retry-After), for the page to put in words. */
  retryAfterSeconds?: number;
  /** Field name → message, for react-aria `Form validationErrors`. */
  errors?: Record<string, string>;
  /** Which of several forms on the page was submitted. */
  intent?: string;
  /** Non-secret values to put back into the form when the page renders without JavaScript. */
  values?: Record<string, string>;
}

/**
 * A typed service error (or a schema failure) becomes the form's answer with its HTTP
 * status; anything unexpected propagates to the error boundary.
 */
export function actionFailure(
  error: unknown,
  /** Added to the answer: which form, values to put back, anything else the form shows again. */
  extra: Omit<ActionFailure, "message" | "code" | "params" | "errors" | "errorCodes" | "errorParams" | "retryAfterSeconds"> & Record<string, unknown> = {},
  init: { headers?: HeadersInit } = {},
) {
  const appError = serviceErrorOf(error);
  if (!(appError instanceof AppError)) throw error;
  // The code the page translates by (a narrower one, or its text's: api/services/message-codes.ts).
  const body: ActionFailure = { message: appError.message, ...refusalCodes(appError), ...extra };
  if (appError.fieldErrors) body.errors = appError.fieldErrors;
  const headers = new Headers(init.headers);
  // A throttled form answers like the API: 429 with the seconds to wait.
  if (appError instanceof TooManyRequests) {
    headers.set("Retry-After", String(appError.retryAfterSeconds));
    body.retryAfterSeconds = appError.retryAfterSeconds;
  }
  return data(body, { status: appError.status, headers });
}

/**
 * What a successful action returns when the service said something: the text with its code
 * and values, as the service said it (`say`, api/services/message-codes.ts), by which the page
 * says it in the reader's language.
 */
export function actionSuccess<const E extends Record<string, unknown>>(said: Said, extra: E = {} as E) {
  return data({ ok: true as const, message: said.message, code: said.code as MessageCode, ...(said.params ? { params: said.params } : {}), ...extra });
}

/** A form field as a string ("" when missing or a file). */
export function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
