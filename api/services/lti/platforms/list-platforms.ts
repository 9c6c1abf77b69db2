import { asc, eq, inArray } from "drizzle-orm";
import { ltiDeployments, ltiPlatforms } from "../../../../db/schema";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { assertMayManageLtiPlatforms } from "../../core/permissions";

export interface PlatformEntity {
  id: number;
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authLoginUrl: string;
  authTokenUrl: string;
  authTokenAudience: string | null;
  keySetUrl: string;
  registeredBy: "dynamic" | "manual";
  enabled: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** POST /api/lti/platform/all: the business's platforms, oldest first, each with its deployment ids (owner only). */
export async function listPlatforms(services: AppServices, caller: Caller): Promise<PlatformEntity[]> {
  assertMayManageLtiPlatforms(caller);
  const { db } = services;
  const platforms = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.businessId, caller.businessId)).orderBy(asc(ltiPlatforms.id));
  if (!platforms.length) return [];
  const deployments = await db
    .select({ platformId: ltiDeployments.platformId, deploymentId: ltiDeployments.deploymentId })
    .from(ltiDeployments)
    .where(inArray(ltiDeployments.platformId, platforms.map((platform) => platform.id)))
    .orderBy(asc(ltiDeployments.id));
  return platforms.map((platform) => ({
    id: platform.id,
    name: platform.name,
    issuer: platform.issuer,
    clientId: platform.clientId,
    deploymentIds: deployments.filter((row) => row.platformId === platform.id).map((row) => row.deploymentId),
    authLoginUrl: platform.authLoginUrl,
    authTokenUrl: platform.authTokenUrl,
    authTokenAudience: platform.authTokenAudience,
    keySetUrl: platform.keySetUrl,
    registeredBy: platform.registeredBy,
    enabled: platform.enabled,
    createdAt: platform.createdAt.getTime(),
  }));
}
