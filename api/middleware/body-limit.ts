import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { AppError, DATABASE_BUSY, TooManyRequests } from "../services/core/errors";
import { readBodyWithin, REQUEST_TOO_LARGE } from "../services/core/read-body";

/** JSON bodies of this API are small; anything bigger is refused before it is read. */
export const MAX_JSON_BYTES = 1024 * 1024;

// Where the limits have always been imported from.
export { readBodyWithin, REQUEST_TOO_LARGE };

/**
 * The request bodies one process holds at once (issue 25 point 17: stalled bodies of 1 MiB
 * each, with no cap on how many). A request reserves its declared length (or, chunked, its
 * limit) before its body is read and gives it back when answered; one that does not fit is
 * refused at once with 429 SERVER_BUSY and Retry-After, nothing read. docs/decisions/0057.
 */
export const BODY_MEMORY_BYTES = 64 * 1024 * 1024;
/** Seconds a refused client waits: stalled bodies are cut within the server's request limit. */
export const BODY_MEMORY_RETRY_SECONDS = 5;

export interface BodyBudget {
  reserve(bytes: number): boolean;
  release(bytes: number): void;
}

export function createBodyBudget(totalBytes: number): BodyBudget {
  let held = 0;
  return {
    reserve(bytes) {
      if (held + bytes > totalBytes) return false;
      held += bytes;
      return true;
    },
    release(bytes) {
      held -= bytes;
    },
  };
}

/** The process's budget, shared by every body limit (API, uploads, pages). */
const processBodyBudget = createBodyBudget(BODY_MEMORY_BYTES);

const serverBusy = () => {
  throw new TooManyRequests(DATABASE_BUSY, BODY_MEMORY_RETRY_SECONDS, "SERVER_BUSY");
};

/**
 * Middleware: a request whose body is over `maxBytes` gets `tooLarge` (a 413) before any
 * handler reads it. A declared Content-Length over the limit is refused without reading a
 * byte. One within the limit is the body's length: the runtime's HTTP parser frames the body
 * by it (RFC 9112 6.3; Node's llhttp, Workers and Deno alike), so a handler can never read
 * more than was declared, and reads it directly (on Node from the socket, without turning it
 * into a web stream and a copied Request first: a tenth of an autosave's CPU). A body that
 * declares nothing (chunked) is read through readBodyWithin, and the handler reads the
 * buffered copy.
 */
export function limitBody(
  maxBytes: number,
  tooLarge: (c: Context) => Response | Promise<Response>,
  { busy = serverBusy, budget = processBodyBudget }: { busy?: (c: Context) => Response | Promise<Response>; budget?: BodyBudget } = {},
): MiddlewareHandler {
  return async (c, next) => {
    const request = c.req.raw;
    // Asked before `request.body`: on Node that getter turns the lightweight request into a
    // full web Request with a stream (@hono/node-server), the cost this check avoids.
    if (request.method === "GET" || request.method === "HEAD") return next();
    const declared = request.headers.get("content-length");
    const chunked = declared === null || request.headers.has("transfer-encoding");
    const length = chunked ? maxBytes : Number(declared);
    if (!chunked && (!Number.isSafeInteger(length) || length < 0 || length > maxBytes)) return tooLarge(c);
    if (length === 0 || (chunked && !request.body)) return next();
    if (!budget.reserve(length)) return busy(c);
    try {
      if (chunked) {
        const bytes = await readBodyWithin(request.body!, maxBytes);
        if (!bytes) return await tooLarge(c);
        c.req.raw = new Request(request, { body: bytes });
      }
      await next();
    } finally {
      budget.release(length);
    }
  };
}

const jsonLimit = limitBody(MAX_JSON_BYTES, () => {
  throw new AppError(413, REQUEST_TOO_LARGE);
});

/** Every route except file uploads, which enforce their own (larger) limit. */
export const limitBodySize = createMiddleware<ApiEnv>(async (c, next) => {
  if (c.req.path.endsWith("/files/upload")) return next();
  return jsonLimit(c, next);
});
