/** What a secret is replaced with in the stored copy of a message a provider delivered. */
export const REDACTED = "[removed: sent to the recipient only]";

/** The ways a secret may appear in a message body: as is, or HTML-escaped inside an attribute. */
function spellings(secret: string): string[] {
  const numeric = secret.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const named = secret.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  return [...new Set([secret, numeric, named])];
}

/**
 * Replaces every listed secret (a reset or verification link, a key sign-in URL, a bare
 * token) in a body. The sender names its secrets exactly (OutgoingEmail.secrets): guessing
 * them by pattern would miss a new kind of link or remove harmless ones. Longer secrets go
 * first, so a link is removed whole before a token inside it is.
 */
export function redactSecrets(body: string, secrets: readonly string[]): string {
  let result = body;
  const ordered = [...secrets].filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
  for (const secret of ordered) {
    for (const spelling of spellings(secret)) result = result.split(spelling).join(REDACTED);
  }
  return result;
}
