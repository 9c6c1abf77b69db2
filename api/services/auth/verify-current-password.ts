import { and, eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Invalid, Unauthorized } from "../core/errors";
import { assertNotThrottled, clearFailures, LOGIN_LIMITS, recordFailures, throttleKeys } from "./login-throttle";
import { verifyPassword } from "./password";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const CURRENT_PASSWORD_WRONG = AUTH_MESSAGES.CURRENT_PASSWORD_WRONG;
export const NO_PASSWORD_YET = AUTH_MESSAGES.NO_PASSWORD_YET;

/**
 * Re-authentication before a credential change (password change, new key pair): a stolen
 * session or access token alone must not be enough. Wrong guesses count against the same
 * per-account limit as sign-in, so a session cannot be used to brute-force the password.
 */
export async function verifyCurrentPassword(services: AppServices, caller: Caller, currentPassword: string) {
  const [user] = await services.db
    .select({ id: users.id, email: users.email, fullname: users.fullname, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId)))
    .limit(1);
  if (!user) throw new Unauthorized();
  if (!user.passwordHash) throw new Invalid(say("NO_PASSWORD_YET"), { currentPassword: say("NO_PASSWORD_YET") });
  const accountKey = throttleKeys(user.email, "").account;
  await assertNotThrottled(services, [accountKey]);
  if (!(await verifyPassword(currentPassword, user.passwordHash, services.config.passwordPepper))) {
    await recordFailures(services, [{ key: accountKey, limit: LOGIN_LIMITS.account }]);
    throw new Invalid(say("CURRENT_PASSWORD_WRONG"), { currentPassword: say("CURRENT_PASSWORD_WRONG") });
  }
  await clearFailures(services, accountKey);
  return user;
}
