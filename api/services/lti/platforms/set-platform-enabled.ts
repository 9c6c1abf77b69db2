import { and, eq } from "drizzle-orm";
import { ltiPlatforms } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { NotFound } from "../../core/errors";
import { assertMayManageLtiPlatforms } from "../../core/permissions";
import { say } from "../../message-codes";
import { PlatformEnabledInput } from "./schemas";

/** POST /api/lti/platform/enable: a disabled platform's launches are refused until it is enabled again (owner only). */
export async function setPlatformEnabled(services: AppServices, caller: Caller, input: unknown) {
  assertMayManageLtiPlatforms(caller);
  const { platformId, enabled } = PlatformEnabledInput.parse(input);
  const changed = await services.db
    .update(ltiPlatforms)
    .set({ enabled, updatedAt: services.now() })
    .where(and(eq(ltiPlatforms.id, platformId), eq(ltiPlatforms.businessId, caller.businessId)))
    .returning({ id: ltiPlatforms.id });
  if (!changed.length) throw new NotFound("platform");
  return say(enabled ? "LTI_PLATFORM_ENABLED" : "LTI_PLATFORM_DISABLED");
}
