import { and, eq } from "drizzle-orm";
import { ltiDeployments, ltiPlatforms, type LtiPlatformRow } from "../../../../db/schema/lti";
import type { AppServices } from "../../core/app-services";
import { refuse } from "./refusals";

/**
 * The registered platform a login names: by issuer, and by client id when given (LTI Core
 * §4.1: one issuer may register a tool several times, Canvas's cloud for every school). An
 * issuer registered more than once and a login without `client_id` is ambiguous: refused
 * rather than guessed, since the guess would pick a business.
 */
export async function platformOfLogin(services: AppServices, iss: string, clientId: string | undefined): Promise<LtiPlatformRow> {
  const rows = await services.db
    .select()
    .from(ltiPlatforms)
    .where(clientId ? and(eq(ltiPlatforms.issuer, iss), eq(ltiPlatforms.clientId, clientId)) : eq(ltiPlatforms.issuer, iss))
    .limit(2);
  if (rows.length !== 1) return refuse("LTI_UNKNOWN_PLATFORM", rows.length ? "issuer registered several times; no client_id" : `no platform ${iss}`);
  if (!rows[0].enabled) return refuse("LTI_PLATFORM_DISABLED");
  return rows[0];
}

export async function platformById(services: AppServices, id: number): Promise<LtiPlatformRow> {
  const [row] = await services.db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id)).limit(1);
  if (!row) return refuse("LTI_UNKNOWN_PLATFORM", "platform removed since the login");
  if (!row.enabled) return refuse("LTI_PLATFORM_DISABLED");
  return row;
}

export async function assertDeploymentKnown(services: AppServices, platformId: number, deploymentId: string): Promise<void> {
  const [row] = await services.db
    .select({ id: ltiDeployments.id })
    .from(ltiDeployments)
    .where(and(eq(ltiDeployments.platformId, platformId), eq(ltiDeployments.deploymentId, deploymentId)))
    .limit(1);
  if (!row) refuse("LTI_UNKNOWN_DEPLOYMENT", deploymentId);
}
