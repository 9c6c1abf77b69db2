import { sha256Hex } from "../../../db/hash";
import { randomToken } from "./random-token";

/**
 * What the e-mailed one-time links (password reset, e-mail verification) have in common:
 * a random token that only the mail carries, stored as its SHA-256 digest with an expiry,
 * and a per-account cool-down between mails so a form cannot flood a mailbox.
 */
export interface OneTimeToken {
  /** Goes into the link only; never stored. */
  token: string;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
}

export async function newOneTimeToken(now: Date, ttlMs: number): Promise<OneTimeToken> {
  const token = randomToken(32);
  return { token, tokenHash: await sha256Hex(token), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now };
}

/** Whole seconds left of a cool-down that started with the last mail (0 when it is over or there was none). */
export function cooldownSecondsLeft(lastSentAt: Date | undefined, cooldownMs: number, now: Date): number {
  const waitMs = lastSentAt ? lastSentAt.getTime() + cooldownMs - now.getTime() : 0;
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** For names and links put into a mail's HTML part (one escaper for every mail). */
export { escapeHtml } from "../escape-html";
