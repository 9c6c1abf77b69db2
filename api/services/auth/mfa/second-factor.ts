import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { mfaRecoveryCodes, userMfa } from "../../../../db/schema/mfa";
import type { AppServices } from "../../core/app-services";
import { sendSecurityNotice } from "../security-notice";
import { canonicalRecoveryCode, hashRecoveryCode } from "./recovery-codes";
import { matchingTotpStep } from "./totp";
import { AUTH_MESSAGES } from "../messages";

export const MFA_CODE_WRONG = AUTH_MESSAGES.MFA_CODE_WRONG;

/** How a code was accepted; "off" when the user has no enabled two-step sign-in. */
export type SecondFactor = "totp" | "recovery" | "off" | null;

/**
 * Checks a code of a user with two-step sign-in on and spends it. An app code is accepted
 * only for a step after the last accepted one, claimed by one conditional update, so the
 * same code (or an older one) never works twice, even in concurrent requests (ASVS 2.8.4).
 * A right code whose step was already used is a replay (someone saw the code, or a form
 * was sent twice): refused, logged and mailed to the user (2.8.5).
 * Anything else is tried as a recovery code, spent by a conditional update too (2.6.1).
 * Returns null when the code is wrong or already used; the caller counts the failure.
 */
export async function spendSecondFactor(services: AppServices, userId: number, code: string): Promise<SecondFactor> {
  const [mfa] = await services.db
    .select({ secret: userMfa.secret })
    .from(userMfa)
    .where(and(eq(userMfa.userId, userId), isNotNull(userMfa.enabledAt)))
    .limit(1);
  if (!mfa) return "off";

  const step = matchingTotpStep(mfa.secret, code, services.now());
  if (step !== null) {
    const claimed = await services.db
      .update(userMfa)
      .set({ lastUsedStep: step })
      .where(and(eq(userMfa.userId, userId), isNotNull(userMfa.enabledAt), or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step))))
      .returning({ userId: userMfa.userId });
    if (claimed.length > 0) return "totp";
    console.warn(`two-step sign-in: an already used code was presented again for user ${userId}`);
    await sendSecurityNotice(services, userId, "mfa-code-reused");
    return null;
  }

  const recoveryCode = canonicalRecoveryCode(code);
  if (!recoveryCode) return null;
  const spent = await services.db
    .update(mfaRecoveryCodes)
    .set({ usedAt: services.now() })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, await hashRecoveryCode(recoveryCode)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return spent.length > 0 ? "recovery" : null;
}
