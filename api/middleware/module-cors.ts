import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";

/** What a configured module's page may send and ask (spec 4: module switching). */
const ALLOWED_METHODS = "GET,HEAD,PUT,POST,DELETE,PATCH";
const ALLOWED_HEADERS = "Authorization,Content-Type";
const PREFLIGHT_MAX_AGE_SECONDS = "600";

/**
 * A header added to the answer a handler made, in place. Hono's `c.header` after the
 * handler re-wraps the answer around its body's stream (and `bodyUsed`), which on Node
 * turned every API answer from @hono/node-server's lightweight Response, written straight
 * to the socket, into a full web Response read back through a stream: about a fifth of an
 * autosave's server CPU (issue 25 point 8). Headers of a Response the app built are
 * mutable; only a fetched or `Response.redirect` one's are not, and those go through
 * `c.header` as before.
 */
export function setAnswerHeader(c: Context, name: string, value: string, options?: { append: boolean }): void {
  try {
    if (options?.append) c.res.headers.append(name, value);
    else c.res.headers.set(name, value);
  } catch {
    c.header(name, value, options);
  }
}

/**
 * CORS for the configured module origins (other modules call this API from their pages
 * with Bearer tokens), never with credentials: the same answers as hono/cors with these
 * options (a preflight, or any OPTIONS, is 204 with the allowed methods, headers and a
 * 10-minute max age; an allowed origin is echoed; `Vary: Origin` on every answer), with its
 * headers set on the handler's answer in place instead of through `c.header` (setAnswerHeader).
 */
export function moduleCors(origins: readonly string[]) {
  const allowed = new Set(origins);
  return createMiddleware<ApiEnv>(async (c, next) => {
    const origin = c.req.header("origin");
    const allowOrigin = origin !== undefined && allowed.has(origin) ? origin : null;
    if (c.req.method === "OPTIONS") {
      const headers = new Headers({ Vary: "Origin, Access-Control-Request-Headers", "Access-Control-Max-Age": PREFLIGHT_MAX_AGE_SECONDS, "Access-Control-Allow-Methods": ALLOWED_METHODS, "Access-Control-Allow-Headers": ALLOWED_HEADERS });
      if (allowOrigin) headers.set("Access-Control-Allow-Origin", allowOrigin);
      return new Response(null, { status: 204, statusText: "No Content", headers });
    }
    await next();
    if (allowOrigin) setAnswerHeader(c, "Access-Control-Allow-Origin", allowOrigin);
    setAnswerHeader(c, "Vary", "Origin", { append: true });
  });
}
