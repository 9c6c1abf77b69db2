import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { Unauthorized } from "../core/errors";
import { readTogether } from "../../../db/prepared-batch";
import { issueSessionFor } from "./issue-session";
import { sessionUserOf, signInUserRead } from "./load-session-user";
import { assertUnlocked, clearFailuresStatement, LOGIN_LIMITS, recordFailures, throttleCountersRead, throttleKeys } from "./login-throttle";
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
  // One round trip to a remote database (Turso, several app servers: ADR 0090): the throttle's
  // counters and the account, with everything the answer needs of it (the session user, its
  // two-step status). The account answers nothing before the throttle has had its say.
  const [counters, [row]] = await readTogether(services.db, [throttleCountersRead(services, [keys.account, keys.address]), signInUserRead(services, email)]);
  assertUnlocked(services, counters);
  const pepper = services.config.passwordPepper;
  const passwordHash = row?.user.passwordHash;
  const matches = await verifyPassword(password, passwordHash ?? DUMMY_PASSWORD_HASH, pepper);
  if (!row || !passwordHash || !matches) {
    await recordFailures(services, [
      { key: keys.account, limit: LOGIN_LIMITS.account },
      { key: keys.address, limit: LOGIN_LIMITS.address },
    ]);
    throw new Unauthorized(say("LOGIN_INCORRECT"));
  }
  const user = sessionUserOf(row);
  // Stored before the pepper was configured: the password is known right now, so key it (written with what follows).
  const rehash = needsRehash(passwordHash, pepper) ? services.db.update(users).set({ passwordHash: await hashPassword(password, pepper) }).where(eq(users.id, user.id)) : undefined;
  if (user.mfaEnabled) {
    if (rehash) await rehash;
    return { mfaRequired: true, mfaToken: await signMfaToken(services, user.id) };
  }
  // Only the account's counter is cleared: a client address that sprays many accounts
  // must not reset its own limit by signing in to one it owns. Written in the session's batch.
  return issueSessionFor(services, user, device, [clearFailuresStatement(services, keys.account), ...(rehash ? [rehash] : [])]);
}
