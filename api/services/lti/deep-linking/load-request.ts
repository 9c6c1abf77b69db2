import { and, eq, gt, isNull } from "drizzle-orm";
import { ltiDeepLinkRequests, ltiPlatforms } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { AppError, NotFound } from "../../core/errors";
import { mayAnswerDeepLink } from "../../core/permissions";
import { say } from "../../message-codes";
import type { DeepLinkingSettings } from "./settings";
import { isPickerTokenShape, pickerTokenHash } from "./token";

/** A used or expired request: 410, said by its code. */
export const deepLinkExpired = () => new AppError(410, say("LTI_DEEP_LINK_EXPIRED"));

/**
 * The deep-linking request a picker token names, for the teacher it is bound to: any other
 * caller (another teacher, a student, another business) gets the 404 of a token never made; a
 * used or expired one, or one whose platform was disabled, is a 410 said by code.
 */
export async function loadDeepLinkRequest(services: AppServices, caller: Caller, token: string) {
  if (!isPickerTokenShape(token)) throw new NotFound("deep-linking request");
  const [row] = await services.db
    .select({ request: ltiDeepLinkRequests, platform: { issuer: ltiPlatforms.issuer, clientId: ltiPlatforms.clientId, name: ltiPlatforms.name, enabled: ltiPlatforms.enabled } })
    .from(ltiDeepLinkRequests)
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiDeepLinkRequests.platformId))
    .where(and(eq(ltiDeepLinkRequests.tokenHash, await pickerTokenHash(token)), eq(ltiDeepLinkRequests.businessId, caller.businessId)))
    .limit(1);
  if (!row || !mayAnswerDeepLink(caller, row.request)) throw new NotFound("deep-linking request");
  if (row.request.usedAt || row.request.expiresAt <= services.now() || !row.platform.enabled) throw deepLinkExpired();
  return { ...row, settings: JSON.parse(row.request.settings) as DeepLinkingSettings };
}

/** Marks the request answered, once: false when another answer (a double click, a replayed form) came first. */
export async function consumeDeepLinkRequest(services: AppServices, requestId: number): Promise<boolean> {
  const now = services.now();
  const used = await services.db
    .update(ltiDeepLinkRequests)
    .set({ usedAt: now })
    .where(and(eq(ltiDeepLinkRequests.id, requestId), isNull(ltiDeepLinkRequests.usedAt), gt(ltiDeepLinkRequests.expiresAt, now)))
    .returning({ id: ltiDeepLinkRequests.id });
  return used.length === 1;
}
