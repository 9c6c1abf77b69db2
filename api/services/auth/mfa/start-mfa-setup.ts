import { and, eq, isNull } from "drizzle-orm";
import { userMfa } from "../../../../db/schema/mfa";
import { users } from "../../../../db/schema/users";
import type { AppServices } from "../../core/app-services";
import type { Caller } from "../../core/caller";
import { Conflict } from "../../core/errors";
import { constantTimeEqual } from "../random-token";
import { MfaSetupInput } from "../schemas";
import { verifyCurrentPassword } from "../verify-current-password";
import { newTotpSecret, totpEnrolment } from "./totp";
import { say } from "../../message-codes";
import { AUTH_MESSAGES } from "../messages";

export const MFA_ALREADY_ON = AUTH_MESSAGES.MFA_ALREADY_ON;

export interface MfaEnrolment {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  /** The otpauth:// key URI the QR code holds. */
  otpauthUrl: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

/**
 * First half of turning two-step sign-in on: after the current password, a new secret is
 * stored as pending and handed out. Nothing changes for sign-in until `enableMfa` sees a
 * code made from it. Starting again replaces a pending secret; an enabled one is never
 * replaced here (409): it must be turned off first, with a code.
 */
export async function startMfaSetup(services: AppServices, caller: Caller, input: MfaSetupInput): Promise<MfaEnrolment> {
  const { currentPassword } = MfaSetupInput.parse(input);
  const user = await verifyCurrentPassword(services, caller, currentPassword);
  const secret = newTotpSecret();
  const now = services.now();
  // One statement: a concurrent enable cannot slip between a check and the write.
  const stored = await services.db
    .insert(userMfa)
    .values({ userId: caller.userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: userMfa.userId, set: { secret, createdAt: now, lastUsedStep: null }, setWhere: isNull(userMfa.enabledAt) })
    .returning({ userId: userMfa.userId });
  if (stored.length === 0) throw new Conflict(say("MFA_ALREADY_ON"));
  return totpEnrolment(secret, user.email, issuerOf(services));
}

/**
 * The pending set-up once more, for a page that lost it to a wrong code: only for a client
 * that sends the pending secret, i.e. was shown it already (so a session alone never reads
 * a secret). Null when nothing is pending or the secret differs.
 */
export async function resumeMfaSetup(services: AppServices, caller: Caller, secret: string): Promise<MfaEnrolment | null> {
  const [pending] = await services.db
    .select({ secret: userMfa.secret, email: users.email })
    .from(userMfa)
    .innerJoin(users, eq(users.id, userMfa.userId))
    .where(and(eq(userMfa.userId, caller.userId), isNull(userMfa.enabledAt)))
    .limit(1);
  if (!pending || !constantTimeEqual(pending.secret, secret)) return null;
  return totpEnrolment(pending.secret, pending.email, issuerOf(services));
}

/** The name the authenticator app lists the account under, with the deployment's host. */
function issuerOf(services: AppServices): string {
  return `Quiz (${new URL(services.config.appUrl).host})`;
}
