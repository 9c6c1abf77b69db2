import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { Conflict, TooManyRequests, Unauthorized } from "../core/errors";
import { cooldownSecondsLeft } from "./one-time-link";
import { rateLimitEmailAction } from "./rate-limit";
import { lastVerificationMailAt, sendVerificationEmail, VERIFY_COOLDOWN_MS } from "./send-verification-email";
import { say, type SaidAs } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

export const VERIFICATION_SENT = AUTH_MESSAGES.VERIFICATION_SENT;
export const ALREADY_CONFIRMED = AUTH_MESSAGES.ALREADY_CONFIRMED;
export const VERIFICATION_COOLDOWN = AUTH_MESSAGES.VERIFICATION_COOLDOWN;

/**
 * The profile page's "send the link again" for a signed-in, unconfirmed user: at most one
 * mail per account per minute (429 with the seconds left), and the hourly limits every
 * e-mailing form has (rate-limit.ts).
 */
export async function resendEmailVerification(
  services: AppServices,
  caller: Caller,
  { clientAddress }: { clientAddress: string },
): Promise<SaidAs<"VERIFICATION_SENT"> & { retryAfterSeconds: number }> {
  const [user] = await services.db
    .select({ id: users.id, businessId: users.businessId, email: users.email, fullname: users.fullname, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, caller.userId))
    .limit(1);
  if (!user) throw new Unauthorized();
  if (user.emailVerified) throw new Conflict(say("ALREADY_CONFIRMED"));

  const waitSeconds = cooldownSecondsLeft(await lastVerificationMailAt(services, user.id), VERIFY_COOLDOWN_MS, services.now());
  if (waitSeconds > 0) throw new TooManyRequests(say("VERIFICATION_COOLDOWN"), waitSeconds);

  // Beyond the per-minute cool-down: a few an hour per e-mail, a ceiling per address.
  await rateLimitEmailAction(services, "verify-resend", { email: user.email, clientAddress });
  await sendVerificationEmail(services, user);
  return { ...say("VERIFICATION_SENT"), retryAfterSeconds: VERIFY_COOLDOWN_MS / 1000 };
}
