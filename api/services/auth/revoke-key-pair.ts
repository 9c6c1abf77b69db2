import { and, eq, isNull } from "drizzle-orm";
import { apiKeyPairs } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";

/** Revokes the caller's active key pair(s); idempotent. Returns how many were active. */
export async function revokeKeyPair(services: AppServices, caller: Caller): Promise<{ revoked: number }> {
  const rows = await services.db
    .update(apiKeyPairs)
    .set({ revokedAt: services.now() })
    .where(and(eq(apiKeyPairs.userId, caller.userId), eq(apiKeyPairs.businessId, caller.businessId), isNull(apiKeyPairs.revokedAt)))
    .returning({ id: apiKeyPairs.id });
  return { revoked: rows.length };
}
