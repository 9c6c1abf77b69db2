import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertMayManageLtiPlatforms } from "../../core/permissions";
import { say } from "../../message-codes";
import { addPlatformInput } from "./schemas";
import { storePlatform } from "./store-platform";

/** POST /api/lti/platform: a platform added by hand with its deployment ids (owner only). */
export async function addPlatform(services: AppServices, caller: Caller, input: unknown) {
  assertMayManageLtiPlatforms(caller);
  const values = addPlatformInput(services.config.ltiAllowHttp).parse(input);
  const platformId = await storePlatform(services, caller.businessId, values, "manual");
  return { ...say("LTI_PLATFORM_ADDED"), platformId };
}
