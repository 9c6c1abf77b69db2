import { and, eq, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { apiKeyPairs } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { randomToken } from "./random-token";
import { sendSecurityNotice } from "./security-notice";
import { CreateKeyPairInput } from "./schemas";
import { verifyCurrentPassword } from "./verify-current-password";

export interface KeyPair {
  public_key: string;
  /** Shown once: only its SHA-256 is stored. */
  private_key: string;
  /** This product's module id, the third part of a key login (`/auth/login/{public}/{private}/{module}`). */
  module_id: string;
  /** Epoch ms after which key login refuses the pair. */
  expires_at: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gives the caller a new key pair for key login, replacing any earlier one (one active
 * pair per user keeps "revoke" meaningful). A pair is a credential that outlives sessions,
 * so minting one needs the current password, and it expires (config keyPairTtlDays).
 * Revoke and insert go in one batch, so a failure never leaves two active pairs or none.
 */
export async function createKeyPair(services: AppServices, caller: Caller, input: CreateKeyPairInput): Promise<KeyPair> {
  const { currentPassword } = CreateKeyPairInput.parse(input);
  await verifyCurrentPassword(services, caller, currentPassword);
  const publicKey = `pk_${randomToken(18)}`;
  const privateKey = `sk_${randomToken(32)}`;
  const now = services.now();
  const expiresAt = new Date(now.getTime() + services.config.keyPairTtlDays * DAY_MS);
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
      expiresAt,
    }),
  ]);
  await sendSecurityNotice(services, caller.userId, "key-pair-created");
  return { public_key: publicKey, private_key: privateKey, module_id: services.config.moduleId, expires_at: expiresAt.getTime() };
}
