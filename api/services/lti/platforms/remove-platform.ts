import { and, eq } from "drizzle-orm";
import { ltiPlatforms } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { NotFound } from "../../core/errors";
import { assertMayManageLtiPlatforms } from "../../core/permissions";
import { say } from "../../message-codes";
import { PlatformIdInput } from "./schemas";

/**
 * POST /api/lti/platform/delete (owner only): the platform and what hangs on it go (its
 * deployments, the (issuer, sub) links, contexts, resource links, waiting grade sends: the
 * schema cascades them), but the accounts its launches made stay, with their attempts and
 * class memberships: a school that changes LMS keeps its students' results.
 */
export async function removePlatform(services: AppServices, caller: Caller, input: unknown) {
  assertMayManageLtiPlatforms(caller);
  const { platformId } = PlatformIdInput.parse(input);
  const removed = await services.db
    .delete(ltiPlatforms)
    .where(and(eq(ltiPlatforms.id, platformId), eq(ltiPlatforms.businessId, caller.businessId)))
    .returning({ id: ltiPlatforms.id });
  if (!removed.length) throw new NotFound("platform");
  return say("LTI_PLATFORM_REMOVED");
}
