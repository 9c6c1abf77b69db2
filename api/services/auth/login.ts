import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../../context";
import { Unauthorized } from "../../errors";
import { issueSession } from "./issue-session";
import { assertNotThrottled, clearFailures, LOGIN_LIMITS, recordFailure, throttleKeys } from "./login-throttle";
import { verifyPassword } from "./password";
import { LoginInput } from "./schemas";
import type { SessionTokens } from "./types";

export const LOGIN_FAILED = "The login detail is incorrect";

/**
 * E-mail + password sign-in (decisions: the product is its own identity provider). One
 * message for every failure, so the answer never says which part was wrong; accounts
 * created through the provider have no password and fail the same way.
 */
export async function login(
  services: AppServices,
  input: LoginInput,
  { clientKey }: { clientKey: string },
): Promise<SessionTokens> {
  const { email, password } = LoginInput.parse(input);
  const keys = throttleKeys(email, clientKey);
  await assertNotThrottled(services, [keys.email, keys.client]);

  const [user] = await services.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  const valid = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
  if (!user || !valid) {
    await recordFailure(services, keys.email, LOGIN_LIMITS.email);
    await recordFailure(services, keys.client, LOGIN_LIMITS.client);
    throw new Unauthorized(LOGIN_FAILED);
  }
  // Only the account's counter is cleared: a client address that sprays many accounts
  // must not reset its own limit by signing in to one it owns.
  await clearFailures(services, keys.email);
  return issueSession(services, user.id);
}
