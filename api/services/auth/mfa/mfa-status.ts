import { and, count, eq, isNull } from "drizzle-orm";
import { mfaRecoveryCodes, userMfa } from "../../../../db/schema/mfa";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";

export interface MfaStatus {
  enabled: boolean;
  /** Epoch ms when it was turned on; null while off. */
  enabledAt: number | null;
  /** Unused recovery codes (0 while off). */
  recoveryCodesLeft: number;
}

/** The caller's own two-step sign-in, as the profile shows it. */
export async function getMfaStatus(services: AppServices, caller: Caller): Promise<MfaStatus> {
  const [mfa] = await services.db.select({ enabledAt: userMfa.enabledAt }).from(userMfa).where(eq(userMfa.userId, caller.userId)).limit(1);
  if (!mfa?.enabledAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
  const [left] = await services.db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, caller.userId), isNull(mfaRecoveryCodes.usedAt)));
  return { enabled: true, enabledAt: mfa.enabledAt.getTime(), recoveryCodesLeft: left?.n ?? 0 };
}
