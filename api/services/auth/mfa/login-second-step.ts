import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users";
import type { AppServices } from "../../core/app-services";
import { AppError, Unauthorized } from "../../core/errors";
import { issueSession } from "../issue-session";
import { assertNotThrottled, clearFailuresStatement, LOGIN_LIMITS, recordFailures, throttleKeys } from "../login-throttle";
import { MfaLoginInput } from "../schemas";
import { sendSecurityNotice } from "../security-notice";
import type { SignInDevice } from "../sessions";
import type { SessionTokens } from "../types";
import { readMfaToken } from "./mfa-token";
import { spendSecondFactor } from "./second-factor";
import { say } from "../../message-codes";
import { AUTH_MESSAGES } from "../messages";

export const MFA_SIGN_IN_EXPIRED = AUTH_MESSAGES.MFA_SIGN_IN_EXPIRED;

/**
 * The second step of a password sign-in for a user with two-step sign-in on: the token of
 * the first step and a code (app or recovery) open the session, exactly as `login` would
 * have. A wrong code is a sign-in failure on the same per-account and per-address limits as
 * a wrong password (login-throttle.ts): 10 on the account lock it for 15 minutes (429), and
 * only a right code clears the account's count (the password step does not, for such users).
 */
export async function loginSecondStep(
  services: AppServices,
  input: MfaLoginInput,
  { clientAddress, ...device }: { clientAddress: string } & SignInDevice,
): Promise<SessionTokens> {
  const { mfaToken, code } = MfaLoginInput.parse(input);
  const userId = await readMfaToken(services, mfaToken);
  const [user] = userId ? await services.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1) : [];
  if (!userId || !user) throw new Unauthorized(MFA_SIGN_IN_EXPIRED, "SIGN_IN_EXPIRED");

  const keys = throttleKeys(user.email, clientAddress);
  await assertNotThrottled(services, [keys.account, keys.address]);
  const factor = await spendSecondFactor(services, userId, code);
  // Turned off since the password step (on another device): that sign-in starts over.
  if (factor === "off") throw new Unauthorized(MFA_SIGN_IN_EXPIRED, "SIGN_IN_EXPIRED");
  if (!factor) {
    await recordFailures(services, [
      { key: keys.account, limit: LOGIN_LIMITS.account },
      { key: keys.address, limit: LOGIN_LIMITS.address },
    ]);
    throw new AppError(401, say("MFA_CODE_WRONG"), { code: say("MFA_CODE_WRONG") });
  }
  // The cleared count goes in the session's own batch: one write, one round trip (ADR 0090).
  const session = await issueSession(services, userId, device, [clearFailuresStatement(services, keys.account)]);
  if (factor === "recovery") await sendSecurityNotice(services, userId, "mfa-recovery-code-used");
  return session;
}
