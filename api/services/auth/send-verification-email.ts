import { desc, eq } from "drizzle-orm";
import { emailVerificationTokens } from "../../../db/schema/auth";
import type { AppServices } from "../core/app-services";
import { asOneLine } from "../core/single-line";
import { escapeHtml, newOneTimeToken } from "./one-time-link";

/** A confirmation link works once, for a day (long enough to reach a school mailbox). */
export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
/** One confirmation mail per account per minute (resend-email-verification.ts). */
export const VERIFY_COOLDOWN_MS = 60 * 1000;

export interface VerificationRecipient {
  id: number;
  businessId: number;
  email: string;
  fullname: string;
}

/** When the newest confirmation mail of this user was sent (the cool-down's start). */
export async function lastVerificationMailAt(services: AppServices, userId: number): Promise<Date | undefined> {
  const [latest] = await services.db
    .select({ createdAt: emailVerificationTokens.createdAt })
    .from(emailVerificationTokens)
    .where(eq(emailVerificationTokens.userId, userId))
    .orderBy(desc(emailVerificationTokens.createdAt))
    .limit(1);
  return latest?.createdAt;
}

/**
 * Mails a one-time `/quiz/auth/verify-email/{token}` link. The mail goes to the address
 * being claimed, so it tells a recipient who did not register to ignore it: confirming
 * someone else's account is what would let it be linked to the recipient's provider sign-in.
 */
export async function sendVerificationEmail(services: AppServices, user: VerificationRecipient): Promise<void> {
  const { token, ...stored } = await newOneTimeToken(services.now(), VERIFY_TTL_MS);
  await services.db.insert(emailVerificationTokens).values({ userId: user.id, ...stored });
  const link = `${services.config.appUrl}/quiz/auth/verify-email/${token}`;
  await services.mailer.send({
    businessId: user.businessId,
    to: user.email,
    subject: "Confirm your e-mail address",
    tag: "email-verification",
    // The outbox copy of a mail a real provider delivered must not confirm anything.
    secrets: [link],
    text: [
      `Hello ${asOneLine(user.fullname)},`,
      "",
      "A quiz account was created with this e-mail address. If you created it, confirm the address by opening:",
      link,
      "",
      "The link works once and expires in 24 hours.",
      "If you did not create this account, do not open the link and ignore this e-mail.",
    ].join("\n"),
    html: [
      `<p>Hello ${escapeHtml(user.fullname)},</p>`,
      "<p>A quiz account was created with this e-mail address. If you created it, confirm the address:</p>",
      `<p><a href="${escapeHtml(link)}">Confirm my e-mail address</a></p>`,
      "<p>The link works once and expires in 24 hours.</p>",
      "<p>If you did not create this account, do not open the link and ignore this e-mail.</p>",
    ].join("\n"),
  });
}
