import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { asOneLine } from "../core/single-line";
import { escapeHtml } from "../escape-html";

/** What changed about how the account signs in (ASVS 2.2.3 / 2.5.5: tell the owner). */
export type SecurityChange =
  | "password-changed"
  | "password-reset"
  | "key-pair-created"
  | "mfa-enabled"
  | "mfa-disabled"
  | "mfa-recovery-code-used"
  | "mfa-code-reused";

const NOTICES: Record<SecurityChange, { subject: string; sentence: string }> = {
  "password-changed": {
    subject: "Your password was changed",
    sentence: "The password of your quiz account was changed, and every other session and key pair was signed out.",
  },
  "password-reset": {
    subject: "Your password was reset",
    sentence: "The password of your quiz account was reset through an e-mailed link, and every session and key pair was signed out.",
  },
  "key-pair-created": {
    subject: "A new key pair was created",
    sentence: "A new key pair for key login was created for your quiz account; any earlier key pair no longer works.",
  },
  "mfa-enabled": {
    subject: "Two-step sign-in was turned on",
    sentence: "Two-step sign-in was turned on for your quiz account: signing in with your password now also asks for a code from your authenticator app.",
  },
  "mfa-disabled": {
    subject: "Two-step sign-in was turned off",
    sentence: "Two-step sign-in was turned off for your quiz account: signing in now needs only your password.",
  },
  "mfa-recovery-code-used": {
    subject: "A recovery code was used to sign in",
    sentence: "Someone signed in to your quiz account with one of your two-step recovery codes. That code no longer works.",
  },
  "mfa-code-reused": {
    subject: "A used sign-in code was tried again",
    sentence:
      "A code from your authenticator app that had already been used was entered again for your quiz account, and refused. If you did not just enter the same code twice, someone may know your password and have seen a code.",
  },
};

/**
 * Tells the account's owner, by e-mail, that a credential changed, so that a change they did
 * not make does not go unnoticed. Carries no secret and no link that acts on the account.
 */
export async function sendSecurityNotice(services: AppServices, userId: number, change: SecurityChange): Promise<void> {
  const [user] = await services.db
    .select({ email: users.email, fullname: users.fullname, businessId: users.businessId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  const { subject, sentence } = NOTICES[change];
  const advice = "If this was not you, reset your password at once with 'Forgot password' on the sign-in page and tell your school.";
  const when = `When: ${services.now().toISOString().replace("T", " ").slice(0, 16)} UTC`;
  await services.mailer.send({
    businessId: user.businessId,
    to: user.email,
    subject,
    tag: `security-${change}`,
    secrets: [],
    text: [`Hello ${asOneLine(user.fullname)},`, "", sentence, when, "", advice].join("\n"),
    html: [`<p>Hello ${escapeHtml(user.fullname)},</p>`, `<p>${sentence}<br>${when}</p>`, `<p>${escapeHtml(advice)}</p>`].join("\n"),
  });
}
