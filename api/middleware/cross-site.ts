import { createMiddleware } from "hono/factory";
import type { ApiEnv } from "../env";
import { Forbidden } from "../services/core/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "Cross-site requests are not allowed";

/**
 * Refuses cookie-authenticated writes that a foreign page made the browser send (CSRF),
 * before any work, by OWASP's fetch-metadata rule with the Origin check behind it:
 * - `Sec-Fetch-Site: same-origin` passes. Browsers set it and no page can forge it (a
 *   `Sec-` header is forbidden to scripts), so the app works at whatever address it is
 *   opened (http://127.0.0.1:3000 as well as APP_URL's http://localhost:3000, a second
 *   host name in production).
 * - `Sec-Fetch-Site: cross-site` is refused, whatever `Origin` it claims.
 * - Otherwise (`same-site`, `none`, or a browser without fetch metadata) an `Origin`, when
 *   sent, must be APP_URL's or the request's own (its Host): a sibling subdomain's page
 *   (`same-site`) and the opaque `null` origin are refused.
 *
 * Not affected, on purpose:
 * - Bearer calls. A page can only add an `Authorization` header to a cross-origin request
 *   after a CORS preflight, which only the configured module origins pass (api/app.ts).
 * - Requests without cookies: nothing ambient authenticates them.
 * - Cookie requests without `Origin` and without `Sec-Fetch-Site`: browsers send `Origin` on
 *   every unsafe request, so only non-browser clients (scripts, curl) lack both.
 *
 * The request's own origin is safe to trust here: a page cannot choose the Host header of
 * the requests it makes a victim's browser send, and the browser's `Origin` then names the
 * attacker's page, not this host.
 */
export function refuseCrossSiteWrites(appOrigin: string) {
  const configuredOrigin = new URL(appOrigin).origin;
  return createMiddleware<ApiEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.header("authorization") || !c.req.header("cookie")) return next();
    const fetchSite = c.req.header("sec-fetch-site")?.toLowerCase();
    if (fetchSite === "same-origin") return next();
    if (fetchSite === "cross-site") throw new Forbidden(CROSS_SITE_REFUSED);
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== configuredOrigin && origin !== new URL(c.req.url).origin) {
      throw new Forbidden(CROSS_SITE_REFUSED);
    }
    return next();
  });
}
