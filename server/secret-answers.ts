/**
 * Which answers must never be compressed, on every runtime that compresses (Node's
 * compress-responses.node.ts, which the Deno entry uses too: docs/decisions/0057).
 *
 * BREACH: a compressed answer's length can reveal a secret in it to someone who can put text
 * of their own into the same answer and watch its size. Answers that carry secrets are sent
 * as they are: everything under /api/auth (tokens, two-step secrets and recovery codes, key
 * pairs) and any answer that sets a cookie (a session being opened or renewed).
 */
export function carriesSecret(path: string, headers: Headers): boolean {
  return path.startsWith("/api/auth/") || headers.has("Set-Cookie");
}

/** Whether Cache-Control forbids intermediaries (and our own compression) to change the body. */
export function forbidsTransform(headers: Headers): boolean {
  return /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(headers.get("Cache-Control") ?? "");
}
