import { and, eq, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { apiKeyPairs } from "../../../db/schema/auth";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { randomToken } from "./random-token";

export interface KeyPair {
  public_key: string;
  /** Shown once: only its SHA-256 is stored. */
  private_key: string;
  /** This product's module id, the third part of a key login (`/auth/login/{public}/{private}/{module}`). */
  module_id: string;
}

/**
 * Gives the caller a new key pair for key login, replacing any earlier one (one active
 * pair per user keeps "revoke" meaningful). Revoke and insert go in one batch, so a
 * failure never leaves the user with two active pairs or none.
 */
export async function createKeyPair(services: AppServices, caller: Caller): Promise<KeyPair> {
  const publicKey = `pk_${randomToken(18)}`;
  const privateKey = `sk_${randomToken(32)}`;
  const now = services.now();
  await services.db.batch([
    services.db
      .update(apiKeyPairs)
      .set({ revokedAt: now })
      .where(and(eq(apiKeyPairs.userId, caller.userId), eq(apiKeyPairs.businessId, caller.businessId), isNull(apiKeyPairs.revokedAt))),
    services.db.insert(apiKeyPairs).values({
      businessId: caller.businessId,
      userId: caller.userId,
      publicKey,
      privateKeyHash: await sha256Hex(privateKey),
      createdAt: now,
    }),
  ]);
  return { public_key: publicKey, private_key: privateKey, module_id: services.config.moduleId };
}
