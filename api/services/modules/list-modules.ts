import { asc, eq } from "drizzle-orm";
import { modules } from "../../../db/schema/modules";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import type { BusinessModule } from "../auth/types";

/** The modules of the caller's business, for the header's quick panel (spec 2.3). */
export async function listBusinessModules(services: AppServices, caller: Caller): Promise<BusinessModule[]> {
  return services.db
    .select({ module_id: modules.moduleId, url: modules.url, identifier: modules.identifier, name: modules.name })
    .from(modules)
    .where(eq(modules.businessId, caller.businessId))
    .orderBy(asc(modules.name), asc(modules.id));
}
