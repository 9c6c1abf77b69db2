import { errors, jwtVerify, SignJWT } from "jose";
import type { AppConfig } from "../../core/config";

/**
 * A link-choice token (issue 29 point 2, ADR 0091): what an instructor's launch of a resource
 * link that opens no quiz knew (the platform, the link, its course's class, the instructor),
 * signed with a key of this server (HS256 over a key derived from JWT_SECRET for this use
 * only) for the chooser page. No table row: the link's own row, made by the choice, is what
 * makes a second choice a no-op (chooser.ts).
 */
export const LINK_CHOICE_TTL_SECONDS = 60 * 60;
const LINK_CHOICE_AUDIENCE = "quiz-lti-link-choice";
/** Longer than any token we sign (ids and a title of at most 200 characters). */
export const LINK_CHOICE_TOKEN_MAX = 2000;

export interface LinkChoice {
  platformId: number;
  businessId: number;
  resourceLinkId: string;
  /** The link's title in the LMS, shown on the chooser (cut to 200 characters). */
  title: string | null;
  contextRowId: number | null;
  /** The instructor whose launch found the link empty: the only one who may choose. */
  userId: number;
}

async function choiceKey(config: Pick<AppConfig, "jwtSecret">): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`lti-link-choice\u0000${config.jwtSecret}`));
  return new Uint8Array(digest);
}

export async function signLinkChoice(config: Pick<AppConfig, "jwtSecret">, choice: LinkChoice, now: Date): Promise<string> {
  const seconds = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...choice, title: choice.title?.slice(0, 200) ?? null })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(LINK_CHOICE_AUDIENCE)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + LINK_CHOICE_TTL_SECONDS)
    .sign(await choiceKey(config));
}

/** The token's choice; "expired" when it is ours but too old; null when it is not ours at all. */
export async function readLinkChoice(config: Pick<AppConfig, "jwtSecret">, token: string, now: Date): Promise<LinkChoice | "expired" | null> {
  if (token.length > LINK_CHOICE_TOKEN_MAX) return null;
  try {
    const { payload } = await jwtVerify(token, await choiceKey(config), { algorithms: ["HS256"], audience: LINK_CHOICE_AUDIENCE, currentDate: now });
    return payload as unknown as LinkChoice;
  } catch (error) {
    return error instanceof errors.JWTExpired ? "expired" : null;
  }
}
