import { and, eq, isNull } from "drizzle-orm";
import { sha256Hex } from "../../../db/hash";
import { apiKeyPairs } from "../../../db/schema/auth";
import { modules } from "../../../db/schema/modules";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../../context";
import { Unauthorized } from "../../errors";
import { issueSession } from "./issue-session";
import { LOGIN_FAILED } from "./login";
import { constantTimeEqual } from "./random-token";
import { KeyLoginInput } from "./schemas";
import type { SessionTokens } from "./types";

/**
 * Key login (spec 7 login_using_keys; also how the header's quick panel switches module).
 * The pair must be active, the private key must match its stored SHA-256, and the module
 * must belong to the key owner's business: a key never opens another tenant's module.
 * Every failure gives the same answer, so a guess learns nothing about which part was wrong.
 */
export async function loginUsingKeys(services: AppServices, input: KeyLoginInput): Promise<SessionTokens> {
  const { public_key, private_key, module_id } = KeyLoginInput.parse(input);
  const [pair] = await services.db
    .select({ id: apiKeyPairs.id, userId: apiKeyPairs.userId, privateKeyHash: apiKeyPairs.privateKeyHash, moduleRowId: modules.id })
    .from(apiKeyPairs)
    .innerJoin(users, and(eq(users.id, apiKeyPairs.userId), eq(users.businessId, apiKeyPairs.businessId)))
    .leftJoin(modules, and(eq(modules.businessId, apiKeyPairs.businessId), eq(modules.moduleId, module_id)))
    .where(and(eq(apiKeyPairs.publicKey, public_key), isNull(apiKeyPairs.revokedAt)))
    .limit(1);
  // Hash even when the pair is unknown, so the response time does not tell the two apart.
  const presentedHash = await sha256Hex(private_key);
  const keyMatches = pair ? constantTimeEqual(presentedHash, pair.privateKeyHash) : false;
  if (!pair || !keyMatches || pair.moduleRowId === null) throw new Unauthorized(LOGIN_FAILED);

  await services.db.update(apiKeyPairs).set({ lastUsedAt: services.now() }).where(eq(apiKeyPairs.id, pair.id));
  return issueSession(services, pair.userId);
}
