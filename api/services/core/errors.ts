import { ZodError } from "zod";
import { type CodedField, isSaid, type MessageParams, type Said, schemaText } from "./coded";

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
  "ATTEMPT_OF_ANOTHER_QUIZ",
  "SIGN_IN_EXPIRED",
  "SERVER_BUSY",
  "CERTIFICATE_REVOKED",
  // An attempt whose essay awaits a grader (issue 26): no certificate until it is marked.
  "AWAITING_MARKING",
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
 * What a thrower says: a text said by its code (`say(code, params)` of api/services/message-codes.ts,
 * the English rendered from the code's template), or a plain English text, which travels with
 * its status's general code only (a client cannot tell it apart: give it a code when a page shows it).
 */
export type Saying = string | Said;

/** A code of the services' texts: api/services/message-codes.ts names them; the base knows none. */
export type TextCode = string & {};

/** Field name → a field's error, said by code or as a plain text. */
export type FieldSayings = Record<string, Saying>;

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
  /** The machine-readable case: a narrower code the thrower named, else its text's code, else the status's general code. */
  readonly code: ErrorCode | TextCode;
  /** The values of the text's template (`{{max}}`), for a client to put into its own words. */
  readonly params?: MessageParams;
  /** Field name → message (English), where a specific field was wrong. */
  readonly fieldErrors?: Record<string, string>;
  /** Field name → the code (and values) of its error, for the fields said by code. */
  readonly fieldCodes?: Record<string, CodedField>;
  constructor(
    readonly status: ErrorStatus,
    message: Saying,
    fieldErrors?: FieldSayings,
    code?: ErrorCode,
  ) {
    super(isSaid(message) ? message.message : message);
    const said = isSaid(message) ? message : undefined;
    this.code = code ?? said?.code ?? codeForStatus(status);
    Object.defineProperty(this, KINDS, { value: kindsOf(new.target) });
    if (said?.params) this.params = said.params;
    if (fieldErrors) {
      this.fieldErrors = {};
      const codes: Record<string, CodedField> = {};
      for (const [field, saying] of Object.entries(fieldErrors)) {
        this.fieldErrors[field] = isSaid(saying) ? saying.message : saying;
        if (isSaid(saying)) codes[field] = saying.params ? { code: saying.code, params: saying.params } : { code: saying.code };
      }
      if (Object.keys(codes).length) this.fieldCodes = codes;
    }
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
  constructor(message: Saying, fieldErrors?: FieldSayings, code?: ErrorCode) {
    super(400, message, fieldErrors, code);
  }
}
export class Unauthorized extends AppError {
  static override readonly kind: string = "Unauthorized";
  constructor(message: Saying = "Your session has expired. Login again", code?: ErrorCode) {
    super(401, message, undefined, code);
  }
}
export class Forbidden extends AppError {
  static override readonly kind: string = "Forbidden";
  constructor(message: Saying = "Sorry! you don't have permissions for this operation", code?: ErrorCode) {
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
  constructor(message: Saying, code?: ErrorCode) {
    super(409, message, undefined, code);
  }
}
/** It was there and is no more (a revoked certificate): say so rather than "not found". */
export class Gone extends AppError {
  static override readonly kind: string = "Gone";
  constructor(message: Saying, code: ErrorCode) {
    super(410, message, undefined, code);
  }
}
export class TooManyRequests extends AppError {
  static override readonly kind: string = "TooManyRequests";
  constructor(message: Saying, readonly retryAfterSeconds: number, code?: ErrorCode) {
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
  /** The values of the message's template, for the client's own words (ADR 0061). */
  params?: MessageParams;
  errors?: Record<string, string>;
  /** Field name → the code of its error's text, for the fields said by code. */
  errorCodes?: Record<string, Code>;
  /** Field name → the values of its error's template, for the fields whose text has values. */
  errorParams?: Record<string, MessageParams>;
}

/** The codes part of an error's envelope: its code and values, and its fields' codes and values. */
export function envelopeCodes(error: AppError): Pick<ErrorEnvelope<TextCode>, "code" | "params" | "errorCodes" | "errorParams"> {
  const body: Pick<ErrorEnvelope<TextCode>, "code" | "params" | "errorCodes" | "errorParams"> = { code: error.code };
  if (error.params) body.params = error.params;
  if (error.fieldCodes) {
    const entries = Object.entries(error.fieldCodes);
    body.errorCodes = Object.fromEntries(entries.map(([field, coded]) => [field, coded.code]));
    const withValues = entries.filter(([, coded]) => coded.params);
    if (withValues.length) body.errorParams = Object.fromEntries(withValues.map(([field, coded]) => [field, coded.params as MessageParams]));
  }
  return body;
}

/** The envelope of an error raised outside the typed errors (unknown endpoint, Hono's own). */
export function errorEnvelope(status: number, message: string): ErrorEnvelope {
  return { message, code: codeForStatus(status) };
}

/**
 * Field errors from a zod error: the first message per field path, said by code where the
 * schema gave its check a coded message (core/coded.ts `schemaMessage`), else as written.
 */
export function zodFieldSayings(error: ZodError): FieldSayings {
  const errors: FieldSayings = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    if (errors[key] !== undefined) continue;
    const { message, coded } = schemaText(issue.message);
    errors[key] = coded ? { ...coded, message } : message;
  }
  return errors;
}

/** Field errors from a zod error in English (field → text). */
export function zodFieldErrors(error: ZodError): Record<string, string> {
  return Object.fromEntries(Object.entries(zodFieldSayings(error)).map(([field, saying]) => [field, isSaid(saying) ? saying.message : saying]));
}

export function invalidFromZod(error: ZodError): Invalid {
  const errors = zodFieldSayings(error);
  return new Invalid(Object.values(errors)[0] ?? "Field is not valid", errors);
}

export const DATABASE_BUSY = "The server is busy right now. Please try again in a moment.";
/** Seconds a caller waits after DATABASE_BUSY: the lock it met is held for milliseconds, not minutes. */
export const DATABASE_BUSY_RETRY_SECONDS = 2;

/**
 * SQLITE_BUSY from libSQL, as it is or as the cause drizzle keeps when it wraps it; or a libSQL
 * server's HTTP 429, its refusal of more work than it takes before running any of it (sqld's
 * "Timed out while opening database connection", Turso over its limits: ADR 0086), which the
 * client keeps as the cause of its SERVER_ERROR.
 */
function isDatabaseBusy(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 3; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, name, status } = cause as { code?: unknown; name?: unknown; status?: unknown };
    if (typeof code === "string" && code.startsWith("SQLITE_BUSY")) return true;
    if (name === "HttpServerError" && status === 429) return true;
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
