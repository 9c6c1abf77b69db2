import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, TooManyRequests, Unauthorized } from "../core/errors";
import { cooldownSecondsLeft } from "./one-time-link";
import { rateLimitEmailAction } from "./rate-limit";
import { lastVerificationMailAt, sendVerificationEmail, VERIFY_COOLDOWN_MS } from "./send-verification-email";

export const VERIFICATION_SENT = "A new confirmation link has been sent to your e-mail";
export const ALREADY_CONFIRMED = "Your e-mail address is already confirmed";
export const VERIFICATION_COOLDOWN = "A confirmation link was sent less than a minute ago. Please check your e-mail.";

/**
 * The profile page's "send the link again" for a signed-in, unconfirmed user: at most one
 * mail per account per minute (429 with the seconds left), and the hourly limits every
 * e-mailing form has (rate-limit.ts).
 */
export async function resendEmailVerification(
  services: AppServices,
  caller: Caller,
  { clientAddress }: { clientAddress: string },
): Promise<{ message: string; retryAfterSeconds: number }> {
  const [user] = await services.db
    .select({ id: users.id, businessId: users.businessId, email: users.email, fullname: users.fullname, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.userId))
    .limit(1);
  if (!user) throw new Unauthorized();
  if (user.emailVerified) throw new Conflict(ALREADY_CONFIRMED);

  const waitSeconds = cooldownSecondsLeft(await lastVerificationMailAt(services, user.id), VERIFY_COOLDOWN_MS, services.now());
  if (waitSeconds > 0) throw new TooManyRequests(VERIFICATION_COOLDOWN, waitSeconds);

  // Beyond the per-minute cool-down: a few an hour per e-mail, a ceiling per address.
  await rateLimitEmailAction(services, "verify-resend", { email: user.email, clientAddress });
  await sendVerificationEmail(services, user);
  return { message: VERIFICATION_SENT, retryAfterSeconds: VERIFY_COOLDOWN_MS / 1000 };
}
