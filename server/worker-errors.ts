/**
 * How an error thrown in a worker (a Node worker thread or a Deno Web Worker: import parsing,
 * certificate PDFs, password hashes) crosses back to the request that waits for it. A
 * structured clone keeps an Error's message but none of its own fields, so a refusal would
 * reach the API as a bare Error and answer 500 (issue 25 point 1). Sent instead: the message,
 * the AppError's kinds and every own field that is plain data (status, code, fieldErrors,
 * retryAfterSeconds, params, and whatever field a later AppError adds), rebuilt on the other
 * side as the same class with the same fields. Web-standard: shared by both runtimes.
 */
import { AppError, appErrorKinds, Conflict, Forbidden, Gone, Invalid, NotFound, TooManyRequests, Unauthorized } from "../api/services/core/errors";

/** A thrown error as plain data, for postMessage. */
export interface SentError {
  message: string;
  /** Set for an AppError: its class's kind and its ancestors', nearest first. */
  kinds?: string[];
  /** The error's own enumerable fields that survive a structured clone. */
  fields?: Record<string, unknown>;
}

/** Rebuilt as the class of the same kind (so `instanceof TooManyRequests` still holds); a kind not listed becomes its nearest listed ancestor. */
const CLASSES: Record<string, abstract new (...args: never[]) => AppError> = { AppError, Invalid, Unauthorized, Forbidden, NotFound, Conflict, Gone, TooManyRequests };

export function sendableError(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error) };
  if (!(error instanceof AppError)) return { message: error.message };
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(error)) {
    try {
      fields[name] = structuredClone(value);
    } catch {
      // A function or a handle: not data a caller could read anyway.
    }
  }
  return { message: error.message, kinds: appErrorKinds(error), fields };
}

/** The error a job's caller receives: the same AppError, or an Error naming the work that failed. */
export function receivedError(sent: SentError, work: string): Error {
  const { kinds, fields } = sent;
  if (!kinds || typeof fields?.status !== "number") return new Error(`${work} failed: ${sent.message}`);
  const errorClass = CLASSES[kinds.find((kind) => kind in CLASSES) ?? "AppError"];
  // AppError's own constructor with the subclass as new.target: each subclass takes other
  // arguments, and the fields it sets itself come with the rest below.
  const rebuilt = Reflect.construct(AppError, [fields.status, sent.message, fields.fieldErrors, fields.code], errorClass) as AppError;
  return Object.assign(rebuilt, fields);
}
