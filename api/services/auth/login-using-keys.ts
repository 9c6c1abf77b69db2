import { and, eq, gt, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { apiKeyPairs } from "../../../db/schema/auth";
import { modules } from "../../../db/schema/modules";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Unauthorized } from "../core/errors";
import { issueSession } from "./issue-session";
import { assertNotThrottled, clearFailures, LOGIN_LIMITS, publicKeyThrottleKey, recordFailures } from "./login-throttle";
import { constantTimeEqual } from "./random-token";
import { KeyLoginInput } from "./schemas";
import type { SignInDevice } from "./sessions";
import type { SessionTokens } from "./types";
import { say } from "../message-codes";

/**
 * Key login (spec 7 login_using_keys; also how the header's quick panel switches module).
 * The pair must be active (not revoked, not expired), the private key must match its stored SHA-256, and the module
 * must belong to the key owner's business: a key never opens another tenant's module.
 * Every failure gives the same answer, so a guess learns nothing about which part was wrong.
 * Failures are counted per public key (login-throttle.ts): after 30 the key is locked, for
 * the right private key too, until the lock ends.
 */
export async function loginUsingKeys(services: AppServices, input: KeyLoginInput, device: SignInDevice = {}): Promise<SessionTokens> {
  const { public_key, private_key, module_id } = KeyLoginInput.parse(input);
  const throttleKey = publicKeyThrottleKey(public_key);
  await assertNotThrottled(services, [throttleKey]);
  const [pair] = await services.db
    .select({ id: apiKeyPairs.id, userId: apiKeyPairs.userId, privateKeyHash: apiKeyPairs.privateKeyHash, moduleRowId: modules.id })
    .from(apiKeyPairs)
    .innerJoin(users, and(eq(users.id, apiKeyPairs.userId), eq(users.businessId, apiKeyPairs.businessId)))
    .leftJoin(modules, and(eq(modules.businessId, apiKeyPairs.businessId), eq(modules.moduleId, module_id)))
    .where(and(eq(apiKeyPairs.publicKey, public_key), isNull(apiKeyPairs.revokedAt), gt(apiKeyPairs.expiresAt, services.now())))
    .limit(1);
  // Hash even when the pair is unknown, so the response time does not tell the two apart.
  const presentedHash = await sha256Hex(private_key);
  const keyMatches = pair ? constantTimeEqual(presentedHash, pair.privateKeyHash) : false;
  if (!pair || !keyMatches || pair.moduleRowId === null) {
    await recordFailures(services, [{ key: throttleKey, limit: LOGIN_LIMITS.publicKey }]);
    throw new Unauthorized(say("LOGIN_INCORRECT"));
  }
  await clearFailures(services, throttleKey);

  await services.db.update(apiKeyPairs).set({ lastUsedAt: services.now() }).where(eq(apiKeyPairs.id, pair.id));
  return issueSession(services, pair.userId, device);
}
