import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import type { Caller } from "../services/core/caller";
import { Unauthorized } from "../services/core/errors";
import { verifyAccessToken } from "../services/auth/access-token";
import { sessionCookieNames } from "../services/auth/cookies";

/** Base name of the access cookie (its `__Host-` form on HTTPS: services/auth/cookies.ts). */
export { ACCESS_COOKIE } from "../services/auth/cookies";

/** Bearer token (other modules, scripts) or the UI's httpOnly cookie. */
export function readAccessToken(authorization: string | undefined, cookieToken: string | undefined): string | null {
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  return bearer ?? cookieToken ?? null;
}

/** Rejects the request with 401 unless it carries a valid access token; sets `c.var.caller`. */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  const token = readAccessToken(c.req.header("authorization"), getCookie(c, sessionCookieNames(c.var.services.config).access));
  const caller = token ? await verifyAccessToken(c.var.services, token) : null;
  if (!caller) throw new Unauthorized();
  c.set("caller", caller);
  await next();
});

/** The caller set by `requireAuth`; throws if a route forgot to mount it. */
export function callerOf(c: { var: { caller?: Caller } }): Caller {
  if (!c.var.caller) throw new Unauthorized();
  return c.var.caller;
}
