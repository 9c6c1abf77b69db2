/**
 * The Content-Security-Policy of every page (docs/decisions: headers). Scripts run only
 * with the per-request nonce; 'strict-dynamic' lets those scripts load the route modules
 * they import, so no host allowlist is needed. Web-standard only: runs on Node and Workers.
 */

/** 128 random bits, base64: a new one for every page response. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * `frameAncestors`: the origins of the LMS whose LTI launch opened this browser's session
 * (api/services/lti/launch/frame-cookies.ts, ADR 0087); none, and no site may frame a page.
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'self' and the nonce-less fallbacks are ignored by browsers that know 'strict-dynamic'.
    "script-src": [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'"],
    // react-aria positions popovers and hides helpers with inline style attributes, which a
    // nonce cannot cover; styles cannot run code, so inline styles stay allowed.
    "style-src": ["'self'", "'unsafe-inline'"],
    // Uploaded files are served from this origin through signed /api/files URLs.
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    // Client navigations fetch /quiz.data; the UI itself calls no other origin. The OpenID
    // Connect popup is a navigation of its own window, not a fetch, so it needs no entry.
    "connect-src": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": frameAncestors.length ? ["'self'", ...frameAncestors] : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}
