import { desc, eq } from "drizzle-orm";
import { passwordResetTokens } from "../../../db/schema/auth";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { asOneLine } from "../core/single-line";
import { AppError, TooManyRequests } from "../core/errors";
import { cooldownSecondsLeft, escapeHtml, newOneTimeToken } from "./one-time-link";
import { rateLimitEmailAction } from "./rate-limit";
import { ForgotPasswordInput } from "./schemas";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

const RESET_TTL_MS = 60 * 60 * 1000;
/** One reset e-mail per account per minute: the form cannot be used to flood a mailbox. */
export const RESET_COOLDOWN_MS = 60 * 1000;
export const RESET_LINK_SENT = AUTH_MESSAGES.RESET_LINK_SENT;

/**
 * Sends a one-time, one-hour reset link. Spec 8 says a failed request shows a not-found
 * message including the e-mail, so an unknown address answers 404 (the decision to follow
 * the spec over silence is recorded in docs/decisions). Requests are rate-limited per
 * e-mail and per client address (rate-limit.ts) before the lookup, which also slows down
 * probing for which addresses have accounts.
 */
export async function requestPasswordReset(
  services: AppServices,
  input: ForgotPasswordInput,
  { clientAddress }: { clientAddress: string },
): Promise<{ message: string }> {
  const { email } = ForgotPasswordInput.parse(input);
  await rateLimitEmailAction(services, "forgot-password", { email, clientAddress });
  const [user] = await services.db
    .select({ id: users.id, businessId: users.businessId, fullname: users.fullname })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) throw new AppError(404, say("NO_ACCOUNT_FOR_EMAIL", { email }));

  const now = services.now();
  const [latest] = await services.db
    .select({ createdAt: passwordResetTokens.createdAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, user.id))
    .orderBy(desc(passwordResetTokens.createdAt))
    .limit(1);
  const waitSeconds = cooldownSecondsLeft(latest?.createdAt, RESET_COOLDOWN_MS, now);
  if (waitSeconds > 0) {
    throw new TooManyRequests(say("RESET_COOLDOWN"), waitSeconds);
  }

  const { token, ...stored } = await newOneTimeToken(now, RESET_TTL_MS);
  await services.db.insert(passwordResetTokens).values({ userId: user.id, ...stored });
  const link = `${services.config.appUrl}/quiz/auth/reset-password/${token}`;
  await services.mailer.send({
    businessId: user.businessId,
    to: email,
    subject: "Reset your password",
    tag: "password-reset",
    // The link is the secret: a provider-delivered copy in the outbox must not keep it.
    secrets: [link],
    text: [
      `Hello ${asOneLine(user.fullname)},`,
      "",
      "Someone asked to reset the password of your quiz account. To choose a new password, open:",
      link,
      "",
      "The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.",
    ].join("\n"),
    html: [
      `<p>Hello ${escapeHtml(user.fullname)},</p>`,
      "<p>Someone asked to reset the password of your quiz account.</p>",
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      "<p>The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.</p>",
    ].join("\n"),
  });
  return say("RESET_LINK_SENT");
}
