import { and, eq } from "drizzle-orm";
import { mfaRecoveryCodes, userMfa } from "../../../../db/schema/mfa";
import { users } from "../../../../db/schema/users";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { Conflict, Invalid, Unauthorized } from "../../core/errors";
import { assertNotThrottled, LOGIN_LIMITS, recordFailures, throttleKeys } from "../login-throttle";
import { MfaDisableInput } from "../schemas";
import { sendSecurityNotice } from "../security-notice";
import { verifyCurrentPassword } from "../verify-current-password";
import { spendSecondFactor } from "./second-factor";
import { say } from "../../message-codes";
import { AUTH_MESSAGES } from "../messages";

export const MFA_NOT_ON = AUTH_MESSAGES.MFA_NOT_ON;

/**
 * Turns two-step sign-in off (ASVS 2.8.6: the authenticator can be revoked): needs a code
 * (an app code or a recovery code) and the current password, so a stolen session alone
 * cannot remove the second factor. The code is checked first and its failures count on
 * the account's sign-in limit; the password check clears that counter only when it
 * passes, so the two together cannot be used to guess codes without limit.
 */
export async function disableMfa(services: AppServices, caller: Caller, input: MfaDisableInput): Promise<{ message: string }> {
  const { currentPassword, code } = MfaDisableInput.parse(input);
  const [user] = await services.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, caller.userId), eq(users.businessId, caller.businessId)))
    .limit(1);
  if (!user) throw new Unauthorized();
  const accountKey = throttleKeys(user.email, "").account;
  await assertNotThrottled(services, [accountKey]);

  const factor = await spendSecondFactor(services, caller.userId, code);
  if (factor === "off") throw new Conflict(say("MFA_NOT_ON"));
  if (!factor) {
    await recordFailures(services, [{ key: accountKey, limit: LOGIN_LIMITS.account }]);
    throw new Invalid(say("MFA_CODE_WRONG"), { code: say("MFA_CODE_WRONG") });
  }
  await verifyCurrentPassword(services, caller, currentPassword);

  await services.db.batch([
    services.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, caller.userId)),
    services.db.delete(userMfa).where(eq(userMfa.userId, caller.userId)),
  ]);
  await sendSecurityNotice(services, caller.userId, "mfa-disabled");
  return { message: "Two-step sign-in is off" };
}
