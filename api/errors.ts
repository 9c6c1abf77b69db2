import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";

/**
 * Typed service errors. Service verbs throw these; `toErrorResponse` turns any of them
 * into the one JSON envelope `{ message, errors? }` that every API error uses, and the
 * UI's loaders/actions map them to route error boundaries or form errors.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** Field name → message, where a specific field was wrong. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}
export class Invalid extends AppError {
  constructor(message: string, fieldErrors?: Record<string, string>) {
    super(400, message, fieldErrors);
  }
}
export class Unauthorized extends AppError {
  constructor(message = "Your session has expired. Login again") {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = "Sorry! you don't have permissions for this operation") {
    super(403, message);
  }
}
export class NotFound extends AppError {
  constructor(name: string) {
    super(404, `The requested ${name} is not found`);
  }
}
export class Conflict extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, message);
  }
}

export interface ErrorEnvelope {
  message: string;
  errors?: Record<string, string>;
}

/** Field errors from a zod error: the first message per top-level field path. */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function invalidFromZod(error: ZodError): Invalid {
  const errors = zodFieldErrors(error);
  return new Invalid(Object.values(errors)[0] ?? "Field is not valid", errors);
}

/** Hono's `onError` handler: the one place an error becomes a response. */
export function toErrorResponse(err: unknown, c: Context): Response {
  if (err instanceof ZodError) err = invalidFromZod(err);
  if (err instanceof AppError) {
    const body: ErrorEnvelope = { message: err.message };
    if (err.fieldErrors) body.errors = err.fieldErrors;
    if (err instanceof TooManyRequests) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed bodies (e.g. invalid JSON) before our code runs.
    const status = err.status >= 500 ? 400 : err.status;
    return c.json({ message: err.status === 400 ? "Malformed request body" : err.message } satisfies ErrorEnvelope, status as ContentfulStatusCode);
  }
  console.error(err);
  return c.json({ message: "Something wrong!" } satisfies ErrorEnvelope, 500);
}
