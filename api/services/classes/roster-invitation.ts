import { sql } from "drizzle-orm";
import { escapeHtml, newOneTimeToken } from "../auth/one-time-link";
import type { AppServices } from "../core/app-services";
import { asOneLine } from "../core/single-line";

/** An invitation's link lasts a week (a reset link lasts an hour): a roster is often imported days before the first lesson. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The invitation of an account a roster import made: the password-reset one-time link
 * (auth/one-time-link.ts, the page /quiz/auth/reset-password/{token}) with a longer life. The
 * token row is written with the account (`tokenStatement`, in the same batch), the mail after.
 */
export async function invitationToken(services: AppServices, email: string) {
  const { token, ...stored } = await newOneTimeToken(services.now(), INVITATION_TTL_MS);
  // The account's id is not known before the batch runs: the row finds it by its e-mail.
  const statement = services.db.run(
    sql`insert into password_reset_tokens (user_id, token_hash, expires_at, created_at) select id, ${stored.tokenHash}, ${stored.expiresAt.getTime()}, ${stored.createdAt.getTime()} from users where email = ${email}`,
  );
  return { token, statement };
}

export async function sendInvitation(services: AppServices, invitation: { businessId: number; email: string; fullname: string; className: string; token: string }): Promise<void> {
  const link = `${services.config.appUrl}/quiz/auth/reset-password/${invitation.token}`;
  await services.mailer.send({
    businessId: invitation.businessId,
    to: invitation.email,
    subject: "Your quiz account: choose a password",
    tag: "class-invitation",
    // The link is the secret: a provider-delivered copy in the outbox must not keep it.
    secrets: [link],
    text: [
      `Hello ${asOneLine(invitation.fullname)},`,
      "",
      `Your teacher added you to the class ${asOneLine(invitation.className)} and made you a quiz account with this e-mail. To choose your password, open:`,
      link,
      "",
      "The link works once and expires in seven days. After that, use \"Forgot password\" on the sign-in page.",
    ].join("\n"),
    html: [
      `<p>Hello ${escapeHtml(invitation.fullname)},</p>`,
      `<p>Your teacher added you to the class ${escapeHtml(invitation.className)} and made you a quiz account with this e-mail.</p>`,
      `<p><a href="${escapeHtml(link)}">Choose your password</a></p>`,
      "<p>The link works once and expires in seven days. After that, use \"Forgot password\" on the sign-in page.</p>",
    ].join("\n"),
  });
}
