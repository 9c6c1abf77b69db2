import { and, eq, sql } from "drizzle-orm";
import { ltiDeployments, ltiPlatforms, LTI_REGISTERED_BY } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import { Conflict } from "../../core/errors";
import { isUniqueViolation } from "../../auth/create-account";
import { say } from "../../message-codes";
import type { PlatformValues } from "./schemas";

/**
 * Stores a platform of a business with its deployment ids in ONE batch (D1 and Turso have no
 * interactive transactions): each deployment row is inserted from the platform row it follows,
 * found by its (issuer, client id), so a platform never exists without its deployments. The same
 * (issuer, client id) twice is a 409: a launch must name one business.
 */
export async function storePlatform(
  services: AppServices,
  businessId: number,
  values: PlatformValues,
  registeredBy: (typeof LTI_REGISTERED_BY)[number],
): Promise<number> {
  const { db } = services;
  const now = services.now();
  const { deploymentIds, ...platform } = values;
  const samePlatform = and(eq(ltiPlatforms.issuer, platform.issuer), eq(ltiPlatforms.clientId, platform.clientId), eq(ltiPlatforms.businessId, businessId));
  const deploymentOf = (deploymentId: string) =>
    db.insert(ltiDeployments).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          platformId: ltiPlatforms.id,
          deploymentId: sql<string>`${deploymentId}`.as("deployment_id"),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
        })
        .from(ltiPlatforms)
        .where(samePlatform),
    );
  try {
    const [inserted] = await db.batch([
      db.insert(ltiPlatforms).values({ ...platform, businessId, registeredBy, enabled: true, createdAt: now, updatedAt: now }).returning({ id: ltiPlatforms.id }),
      ...deploymentIds.map(deploymentOf),
    ]);
    return inserted[0].id;
  } catch (error) {
    if (isUniqueViolation(error, "lti_platforms.issuer")) throw new Conflict(say("LTI_PLATFORM_EXISTS"));
    throw error;
  }
}
