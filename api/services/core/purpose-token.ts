import { errors, jwtVerify, SignJWT } from "jose";
import type { AppConfig } from "./config";

/**
 * A short-lived token this server signs for itself, for one purpose (an LTI login's state, a
 * link-choice): HS256 over a key derived from JWT_SECRET for that purpose only, so a token of
 * one purpose is never accepted for another (nor as an access token), with the purpose as its
 * audience and an expiry. No table row: what it carries is all the server needs back.
 */
export interface PurposeToken {
  /** Names the key and the audience ("lti-state", "lti-link-choice"). */
  purpose: string;
  ttlSeconds: number;
  /** Longer tokens are refused unread: more than any token of this purpose we sign. */
  maxLength: number;
}

async function purposeKey(config: Pick<AppConfig, "jwtSecret">, purpose: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${purpose}\u0000${config.jwtSecret}`));
  return new Uint8Array(digest);
}

const audienceOf = (purpose: string) => `quiz-${purpose}`;

/** Signs `payload` for the purpose; `jti` makes two tokens of the same payload and second differ. */
export async function signPurposeToken(config: Pick<AppConfig, "jwtSecret">, kind: PurposeToken, payload: object, now: Date, jti?: string): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  const token = new SignJWT({ ...payload }).setProtectedHeader({ alg: "HS256" }).setAudience(audienceOf(kind.purpose)).setIssuedAt(seconds).setExpirationTime(seconds + kind.ttlSeconds);
  if (jti) token.setJti(jti);
  return token.sign(await purposeKey(config, kind.purpose));
}

/** The token's payload; "expired" when it is ours but too old; null when it is not ours (another key, purpose, or too long). */
export async function readPurposeToken<T>(config: Pick<AppConfig, "jwtSecret">, kind: PurposeToken, token: string, now: Date): Promise<T | "expired" | null> {
  if (token.length > kind.maxLength) return null;
  try {
    const { payload } = await jwtVerify(token, await purposeKey(config, kind.purpose), { algorithms: ["HS256"], audience: audienceOf(kind.purpose), currentDate: now });
    return payload as unknown as T;
  } catch (error) {
    return error instanceof errors.JWTExpired ? "expired" : null;
  }
}
