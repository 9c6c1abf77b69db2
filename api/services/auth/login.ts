import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Unauthorized } from "../core/errors";
import { issueSession } from "./issue-session";
import { assertNotThrottled, clearFailures, LOGIN_LIMITS, recordFailures, throttleKeys } from "./login-throttle";
import { isMfaEnabled } from "./mfa/mfa-status";
import { signMfaToken } from "./mfa/mfa-token";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "./password";
import { LoginInput } from "./schemas";
import type { SignInDevice } from "./sessions";
import type { MfaChallenge, SessionTokens } from "./types";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const LOGIN_FAILED = AUTH_MESSAGES.LOGIN_INCORRECT;

/**
 * E-mail + password sign-in (decisions: the product is its own identity provider). One
 * message for every failure, so the answer never says which part was wrong; accounts
 * created through the provider have no password and fail the same way, and in the same
 * time: an unknown e-mail or a password-less account is checked against a dummy hash.
 * `clientAddress` comes from the runtime entry (client-address.ts), never from the body.
 *
 * With two-step sign-in on, the right password yields no session but a challenge: a
 * short-lived token for `loginSecondStep` (mfa/login-second-step.ts). The account's failure
 * count is then left for the code step to clear, or a known password would reset the limit
 * on guessing codes.
 */
export async function login(
  services: AppServices,
  input: LoginInput,
  { clientAddress, ...device }: { clientAddress: string } & SignInDevice,
): Promise<SessionTokens | MfaChallenge> {
  const { email, password } = LoginInput.parse(input);
  const keys = throttleKeys(email, clientAddress);
  // Sent together: over a network (Turso, several app servers: ADR 0090) each read is a round
  // trip, and the user read answers nothing before the throttle has had its say.
  const [, [user]] = await Promise.all([
    assertNotThrottled(services, [keys.account, keys.address]),
    services.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email)).limit(1),
  ]);
  const pepper = services.config.passwordPepper;
  // The two-step status is read while the hash is worked out (it is used only if the password is right).
  const [matches, mfaEnabled] = await Promise.all([verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH, pepper), user ? isMfaEnabled(services, user.id) : false]);
  if (!user?.passwordHash || !matches) {
    await recordFailures(services, [
      { key: keys.account, limit: LOGIN_LIMITS.account },
      { key: keys.address, limit: LOGIN_LIMITS.address },
    ]);
    throw new Unauthorized(say("LOGIN_INCORRECT"));
  }
  if (needsRehash(user.passwordHash, pepper)) {
    // Stored before the pepper was configured: the password is known right now, so key it.
    await services.db.update(users).set({ passwordHash: await hashPassword(password, pepper) }).where(eq(users.id, user.id));
  }
  if (mfaEnabled) return { mfaRequired: true, mfaToken: await signMfaToken(services, user.id) };
  // Only the account's counter is cleared: a client address that sprays many accounts
  // must not reset its own limit by signing in to one it owns. Sent with the session's first read.
  const [, session] = await Promise.all([clearFailures(services, keys.account), issueSession(services, user.id, device)]);
  return session;
}
