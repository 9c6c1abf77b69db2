/**
 * Which answers must never be compressed, on every runtime that compresses (Node's
 * compress-responses.node.ts, which the Deno entry uses too: docs/decisions/0057).
 *
 * BREACH: a compressed answer's length can reveal a secret in it to someone who can put text
 * of their own into the same answer and watch its size. Answers that carry secrets are sent
 * as they are (docs/decisions/0057):
 * - everything under /api/auth (tokens, two-step secrets and recovery codes, key pairs);
 * - any answer that sets a cookie (a session being opened or renewed);
 * - every page action: a form posted to a page (/quiz/...) answers with data made from what
 *   was typed next to what it returns (the profile's new private key, two-step secret and
 *   recovery codes; a changed password's new session), for the whole page or its .data;
 * - the outbox, on its pages and in the API: the e-mails it shows hold sign-in, password
 *   reset and confirmation links.
 */
export function carriesSecret(request: { method: string; path: string }, headers: Headers): boolean {
  const { method, path } = request;
  return (
    path.startsWith("/api/auth/") ||
    headers.has("Set-Cookie") ||
    (method !== "GET" && method !== "HEAD" && path.startsWith("/quiz/")) ||
    OUTBOX.test(path)
  );
}

/** /api/outbox and the owner's outbox pages (/quiz/admin/outbox, one message, their .data). */
const OUTBOX = /^\/(?:api|quiz\/admin)\/outbox(?:[/.]|$)/;

/** Whether Cache-Control forbids intermediaries (and our own compression) to change the body. */
export function forbidsTransform(headers: Headers): boolean {
  return /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "");
}
