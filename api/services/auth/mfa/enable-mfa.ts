import { and, eq, isNull } from "drizzle-orm";
import { mfaRecoveryCodes, userMfa } from "../../../../db/schema/mfa";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { Conflict, Invalid } from "../../core/errors";
import { MfaEnableInput } from "../schemas";
import { sendSecurityNotice } from "../security-notice";
import { hashRecoveryCode, canonicalRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from "./recovery-codes";
import { matchingTotpStep } from "./totp";
import { say } from "../../message-codes";
import { AUTH_MESSAGES } from "../messages";

export const MFA_NOT_STARTED = AUTH_MESSAGES.MFA_NOT_STARTED;
export const MFA_CODE_WRONG_AT_SETUP = AUTH_MESSAGES.MFA_CODE_WRONG_AT_SETUP;

/**
 * Second half of turning two-step sign-in on: a code from the pending secret proves the app
 * holds it. Then it is on, that code's step counts as used, and ten new recovery codes are
 * returned (once; only their hashes are kept). Wrong codes are not throttled: the caller
 * was just given the secret, so guessing gains nothing.
 */
export async function enableMfa(services: AppServices, caller: Caller, input: MfaEnableInput): Promise<{ recoveryCodes: string[] }> {
  const { code } = MfaEnableInput.parse(input);
  const [pending] = await services.db.select().from(userMfa).where(eq(userMfa.userId, caller.userId)).limit(1);
  if (!pending) throw new Conflict(say("MFA_NOT_STARTED"));
  if (pending.enabledAt) throw new Conflict(say("MFA_ALREADY_ON"));
  const now = services.now();
  const step = matchingTotpStep(pending.secret, code, now);
  // The field's own message stays one line; the envelope's says what to check.
  if (step === null) throw new Invalid(say("MFA_CODE_WRONG_AT_SETUP"), { code: say("MFA_CODE_WRONG") });

  // Conditional on the very secret the code was checked against: a set-up started again
  // meanwhile, or a concurrent enable, wins and this one changes nothing.
  const enabled = await services.db
    .update(userMfa)
    .set({ enabledAt: now, lastUsedStep: step })
    .where(and(eq(userMfa.userId, caller.userId), eq(userMfa.secret, pending.secret), isNull(userMfa.enabledAt)))
    .returning({ userId: userMfa.userId });
  if (enabled.length === 0) throw new Conflict(say("MFA_ALREADY_ON"));

  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(recoveryCodes.map((recoveryCode) => hashRecoveryCode(canonicalRecoveryCode(recoveryCode)!)));
  await services.db.batch([
    services.db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, caller.userId)),
    services.db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId: caller.userId, codeHash }))),
  ]);
  await sendSecurityNotice(services, caller.userId, "mfa-enabled");
  return { recoveryCodes };
}
