import { asc, eq } from "drizzle-orm";
import { modules } from "../../../db/schema/modules";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import type { BusinessModule } from "../auth/types";

/**
 * The modules of the caller's business, for the header's quick panel (spec 2.3).
 *
 * This product's own module (`MODULE_ID`) always points at this deployment: its URL is
 * `APP_URL`, read now, not the one stored when the row was written (the demo data's
 * http://localhost:3000, an owner created before a move to another host). Other modules
 * keep the URL their row gives (issue 18 point 7, docs/decisions/0049).
 */
export async function listBusinessModules(services: AppServices, caller: Caller): Promise<BusinessModule[]> {
  const rows = await services.db
    .select({ module_id: modules.moduleId, url: modules.url, identifier: modules.identifier, name: modules.name })
    .from(modules)
    .where(eq(modules.businessId, caller.businessId))
    .orderBy(asc(modules.name), asc(modules.id));
  const { moduleId, appUrl } = services.config;
  return rows.map((row) => (row.module_id === moduleId ? { ...row, url: appUrl } : row));
}
