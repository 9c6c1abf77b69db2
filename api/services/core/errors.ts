import { ZodError } from "zod";

/**
 * The stable, machine-readable `code` of every API error (docs/decisions/0034-error-codes.md).
 * Clients decide on the code, never on the English message, which may be reworded.
 * Each status has a general code; the narrower ones name a case a client must tell apart.
 */
export const ERROR_CODES = [
  "VALIDATION",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL",
  "SERVICE_UNAVAILABLE",
  // Narrower cases (the exam, sign-in, certificates).
  "DEADLINE_PASSED",
  "ATTEMPT_SUBMITTED",
  "ATTEMPT_LIMIT",
  "QUIZ_PASSWORD_REQUIRED",
  "QUIZ_PASSWORD_INVALID",
  "QUIZ_NOT_OPEN",
  "PREMIUM_REQUIRED",
  "QUESTION_CLOSED",
  "SIGN_IN_EXPIRED",
  "SERVER_BUSY",
  "CERTIFICATE_REVOKED",
  // Every students-only verb's one refusal (core/permissions.ts assertStudent).
  "STUDENTS_ONLY",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The general code of a status: the default of every error that names no narrower one. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "VALIDATION";
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 413:
      return "PAYLOAD_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    case 429:
      return "RATE_LIMITED";
    case 503:
      return "SERVICE_UNAVAILABLE";
    default:
      return status >= 500 ? "INTERNAL" : "VALIDATION";
  }
}

/**
 * Typed service errors. Service verbs throw these; `toErrorResponse` turns any of them
 * into the one JSON envelope `{ message, code, errors? }` that every API error uses, and the
 * UI's loaders/actions map them to route error boundaries or form errors.
 */
/** The statuses a service error may carry (all of them answer JSON). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 500 | 503;

/**
 * The kinds an AppError carries (its class's and its ancestors' `kind`), under a key every copy
 * of this module shares: the built app bundle and the runtime entry's own modules each load
 * their own copy of this file (two module graphs), so `instanceof` cannot compare classes.
 */
const KINDS = Symbol.for("quiz-app.AppError.kinds");

export class AppError extends Error {
  /** The class's name as its errors carry it (a bundler may rename the class itself). */
  static readonly kind: string = "AppError";
  /**
   * `error instanceof AppError` (or a subclass that names its own `kind`) holds for an error
   * made by another copy of this module: the one a worker thread's refusal is rebuilt in
   * (server/worker-errors.ts) is not the app bundle's, whose `onError` must still answer it.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    const kinds = typeof value === "object" && value !== null ? (value as { [KINDS]?: unknown })[KINDS] : undefined;
    if (!Object.hasOwn(this, "kind") || !Array.isArray(kinds)) return Function.prototype[Symbol.hasInstance].call(this, value);
    return kinds.includes(this.kind);
  }
  /** The machine-readable case: the status's general code unless a narrower one is given. */
  readonly code: ErrorCode;
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** Field name → message, where a specific field was wrong. */
    readonly fieldErrors?: Record<string, string>,
    code?: ErrorCode,
  ) {
    super(message);
    this.code = code ?? codeForStatus(status);
    Object.defineProperty(this, KINDS, { value: kindsOf(new.target) });
  }
}

/** The `kind` of the class and of each ancestor that names one, nearest first. */
function kindsOf(errorClass: unknown): string[] {
  const kinds: string[] = [];
  for (let current = errorClass; typeof current === "function" && current !== Error; current = Object.getPrototypeOf(current)) {
    if (Object.hasOwn(current, "kind")) kinds.push((current as typeof AppError).kind);
  }
  return kinds;
}

/** The kinds an AppError carries (server/worker-errors.ts sends them with a worker's refusal). */
export function appErrorKinds(error: AppError): string[] {
  return [...((error as unknown as { [KINDS]?: string[] })[KINDS] ?? ["AppError"])];
}
export class Invalid extends AppError {
  static override readonly kind: string = "Invalid";
  constructor(message: string, fieldErrors?: Record<string, string>, code: ErrorCode = "VALIDATION") {
    super(400, message, fieldErrors, code);
  }
}
export class Unauthorized extends AppError {
  static override readonly kind: string = "Unauthorized";
  constructor(message = "Your session has expired. Login again", code: ErrorCode = "UNAUTHENTICATED") {
    super(401, message, undefined, code);
  }
}
export class Forbidden extends AppError {
  static override readonly kind: string = "Forbidden";
  constructor(message = "Sorry! you don't have permissions for this operation", code: ErrorCode = "FORBIDDEN") {
    super(403, message, undefined, code);
  }
}
export class NotFound extends AppError {
  static override readonly kind: string = "NotFound";
  constructor(name: string) {
    super(404, `The requested ${name} is not found`, undefined, "NOT_FOUND");
  }
}
export class Conflict extends AppError {
  static override readonly kind: string = "Conflict";
  constructor(message: string, code: ErrorCode = "CONFLICT") {
    super(409, message, undefined, code);
  }
}
/** It was there and is no more (a revoked certificate): say so rather than "not found". */
export class Gone extends AppError {
  static override readonly kind: string = "Gone";
  constructor(message: string, code: ErrorCode) {
    super(410, message, undefined, code);
  }
}
export class TooManyRequests extends AppError {
  static override readonly kind: string = "TooManyRequests";
  constructor(message: string, readonly retryAfterSeconds: number, code: ErrorCode = "RATE_LIMITED") {
    super(429, message, undefined, code);
  }
}

/**
 * The one JSON error body. `Code` widens the codes for the transport, which adds the codes of
 * the services' texts (api/services/message-codes.ts): the base names no service above it.
 */
export interface ErrorEnvelope<Code extends string = ErrorCode> {
  message: string;
  /** The general or narrower code, or the code of the message's text. */
  code: ErrorCode | Code;
  errors?: Record<string, string>;
  /** Field name → the code of its error's text, for the fields whose text has one. */
  errorCodes?: Record<string, Code>;
}

/** The envelope of an error raised outside the typed errors (unknown endpoint, Hono's own). */
export function errorEnvelope(status: number, message: string): ErrorEnvelope {
  return { message, code: codeForStatus(status) };
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

export const DATABASE_BUSY = "The server is busy right now. Please try again in a moment.";
/** Seconds a caller waits after DATABASE_BUSY: the lock it met is held for milliseconds, not minutes. */
const DATABASE_BUSY_RETRY_SECONDS = 2;

/** SQLITE_BUSY from libSQL, as it is or as the cause drizzle keeps when it wraps it. */
function isDatabaseBusy(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 3; cause = (cause as { cause?: unknown }).cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) return true;
  }
  return false;
}

/**
 * What a thrown error means to the caller: a schema failure is the request's fault (400); a
 * write that waited its whole patience for the database's lock (db/write-lock.ts: a crowd's
 * writes, or a process the machine had stopped scheduling) is too much work at once, answered
 * like the other SERVER_BUSY (429 with Retry-After, nothing changed: the write never ran)
 * instead of a 500. Anything else is returned as it is.
 */
export function serviceErrorOf(error: unknown): unknown {
  if (error instanceof ZodError) return invalidFromZod(error);
  if (isDatabaseBusy(error)) return new TooManyRequests(DATABASE_BUSY, DATABASE_BUSY_RETRY_SECONDS, "SERVER_BUSY");
  return error;
}
