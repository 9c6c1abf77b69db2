import { sql } from "drizzle-orm";
import { escapeHtml, newOneTimeToken } from "../auth/one-time-link";
import type { AppServices } from "../core/app-services";
import { asOneLine } from "../core/single-line";
import type { Language } from "../../../locales/languages";
import { emailTranslator } from "../mail/email-language";

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

/**
 * The invitation e-mail, in `language` (locales/<lang>/mail.json `classInvitation.*`): the
 * account is new and keeps no language yet, so the mail speaks the language of the page the
 * teacher imported from (as the import's own summary does, ADR 0018 and 0075).
 */
export async function sendInvitation(services: AppServices, invitation: { businessId: number; email: string; fullname: string; className: string; token: string; language: Language }): Promise<void> {
  const link = `${services.config.appUrl}/quiz/auth/reset-password/${invitation.token}`;
  const t = emailTranslator(invitation.language);
  const hello = t("email.hello", { name: asOneLine(invitation.fullname) });
  const body = t("classInvitation.body", { className: asOneLine(invitation.className) });
  await services.mailer.send({
    businessId: invitation.businessId,
    to: invitation.email,
    subject: t("classInvitation.subject"),
    tag: "class-invitation",
    // The link is the secret: a provider-delivered copy in the outbox must not keep it.
    secrets: [link],
    text: [hello, "", `${body} ${t("classInvitation.chooseText")}`, link, "", t("classInvitation.expiry")].join("\n"),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t("classInvitation.choose"))}</a></p>`,
      `<p>${escapeHtml(t("classInvitation.expiry"))}</p>`,
    ].join("\n"),
  });
}
