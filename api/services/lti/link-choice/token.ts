import type { AppConfig } from "../../core/config";
import { type PurposeToken, readPurposeToken, signPurposeToken } from "../../core/purpose-token";

/**
 * A link-choice token (issue 29 point 2, ADR 0091): what an instructor's launch of a resource
 * link that opens no quiz knew (the platform, the link, its course's class, the instructor),
 * signed for this purpose only (core/purpose-token.ts) for the chooser page. No table row: the link's own row, made by the choice, is what
 * makes a second choice a no-op (chooser.ts).
 */
export const LINK_CHOICE_TTL_SECONDS = 60 * 60;
/**
 * Longer than any token we sign: the link id (the LMS's, at most 255 characters) and the title
 * (cut to 200) as JSON, each character at most 6 bytes escaped, in base64url: under 4,000.
 */
export const LINK_CHOICE_TOKEN_MAX = 8192;
const LINK_CHOICE: PurposeToken = { purpose: "lti-link-choice", ttlSeconds: LINK_CHOICE_TTL_SECONDS, maxLength: LINK_CHOICE_TOKEN_MAX };

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

export async function signLinkChoice(config: Pick<AppConfig, "jwtSecret">, choice: LinkChoice, now: Date): Promise<string> {
  return signPurposeToken(config, LINK_CHOICE, { ...choice, title: choice.title?.slice(0, 200) ?? null }, now);
}

/** The token's choice; "expired" when it is ours but too old; null when it is not ours at all. */
export async function readLinkChoice(config: Pick<AppConfig, "jwtSecret">, token: string, now: Date): Promise<LinkChoice | "expired" | null> {
  return readPurposeToken<LinkChoice>(config, LINK_CHOICE, token, now);
}
