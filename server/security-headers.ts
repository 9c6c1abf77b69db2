import { secureHeaders } from "hono/secure-headers";
import type { AppConfig } from "../api/services/core/config";

/** One year, as ASVS 14.4.5 asks. No includeSubDomains: the app may live on a school's subdomain. */
export const HSTS = "max-age=31536000";

/**
 * Headers for every response, pages, API and (server/node.ts) static files alike: no MIME
 * sniffing, no framing, referrers cut to the origin across sites, HSTS when served over
 * HTTPS. The opener policy stays off: the provider sign-in popup must reach its opener. The
 * referrer policy keeps the origin on same-site form posts: with "no-referrer" browsers send
 * `Origin: null`, which React Router's CSRF check rightly refuses. A handler's own value wins
 * (`overwrite: false`), so the key sign-in URL can answer with `no-referrer`.
 * The Content-Security-Policy is per page (a nonce): app/entry.server.tsx sets it.
 */
export function securityHeaders(config: Pick<AppConfig, "appUrl">) {
  return secureHeaders({
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    strictTransportSecurity: config.appUrl.startsWith("https://") ? HSTS : false,
    overwrite: false,
  });
}
