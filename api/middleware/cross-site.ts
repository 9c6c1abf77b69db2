import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { Forbidden } from "../services/core/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "Cross-site requests are not allowed";

/**
 * Refuses cookie-authenticated writes that a foreign page made the browser send (CSRF),
 * before any work: a `POST/PUT/PATCH/DELETE` that carries cookies and either names a foreign
 * `Origin` (or the opaque `null` origin) or is marked `Sec-Fetch-Site: cross-site`.
 *
 * Not affected, on purpose:
 * - Bearer calls. A page can only add an `Authorization` header to a cross-origin request
 *   after a CORS preflight, which only the configured module origins pass (api/app.ts).
 * - Requests without cookies: nothing ambient authenticates them.
 * - Cookie requests without `Origin` and without `Sec-Fetch-Site`: browsers send `Origin` on
 *   every unsafe request, so only non-browser clients (scripts, curl) lack both.
 *
 * `appOrigin` is the configured APP_URL's origin, never the request's own host, which a
 * proxy or an attacker's Host header could change.
 */
export function refuseCrossSiteWrites(appOrigin: string) {
  const ownOrigin = new URL(appOrigin).origin;
  return createMiddleware<ApiEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.header("authorization") || !c.req.header("cookie")) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site")?.toLowerCase();
    if (fetchSite === "cross-site" || (origin !== undefined && origin !== ownOrigin)) {
      throw new Forbidden(CROSS_SITE_REFUSED);
    }
    return next();
  });
}
