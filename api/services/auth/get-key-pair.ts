import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeyPairs } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";

export interface KeyPairSummary {
  public_key: string;
  module_id: string;
  /** Epoch ms. */
  created_at: number;
  expires_at: number;
  last_used_at: number | null;
  expired: boolean;
}

/** The caller's active (unrevoked) key pair, without its private key (never stored), or null. */
export async function getKeyPair(services: AppServices, caller: Caller): Promise<{ keyPair: KeyPairSummary | null }> {
  const [pair] = await services.db
    .select()
    .from(apiKeyPairs)
    .where(and(eq(apiKeyPairs.userId, caller.userId), eq(apiKeyPairs.businessId, caller.businessId), isNull(apiKeyPairs.revokedAt)))
    .orderBy(desc(apiKeyPairs.createdAt))
    .limit(1);
  if (!pair) return { keyPair: null };
  const expiresAt = pair.expiresAt?.getTime() ?? 0;
  return {
    keyPair: {
      public_key: pair.publicKey,
      module_id: services.config.moduleId,
      created_at: pair.createdAt.getTime(),
      expires_at: expiresAt,
      last_used_at: pair.lastUsedAt?.getTime() ?? null,
      expired: expiresAt <= services.now().getTime(),
    },
  };
}
