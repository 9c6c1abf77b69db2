import { eq } from "drizzle-orm";
import { businesses } from "../../../db/schema/businesses";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../locales/languages";
import type { AppServices } from "../core/app-services";
import { escapeHtml } from "../escape-html";
import { emailTranslator } from "../mail/email-language";

export interface DecidedRequest {
  businessId: number;
  email: string;
  fullname: string;
  /** users.language: the language they signed up in; null falls back to English. */
  language: string | null;
  decision: "Approve" | "Refuse";
}

/**
 * Tells the person who asked to teach what the owner decided (issue 25 point 6,
 * docs/decisions/0063), through the mailer every other message uses (the outbox without a
 * provider), in the language they signed up in. Approval ended their sessions, so the mail
 * says to sign in again; a refusal says the account stays a student's.
 */
export async function tellTeacherOfDecision(services: AppServices, request: DecidedRequest): Promise<void> {
  const [business] = await services.db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, request.businessId)).limit(1);
  const t = emailTranslator(isLanguage(request.language) ? request.language : DEFAULT_LANGUAGE);
  const approved = request.decision === "Approve";
  const values = { name: request.fullname, school: business?.name ?? "" };
  const link = `${services.config.appUrl}/quiz/auth/login`;
  const lines = [t("email.hello", values), t(approved ? "teacherRequest.approvedBody" : "teacherRequest.refusedBody", values)];
  await services.mailer.send({
    businessId: request.businessId,
    to: request.email,
    subject: t(approved ? "teacherRequest.approvedSubject" : "teacherRequest.refusedSubject", values),
    tag: approved ? "teacher-approved" : "teacher-refused",
    // The sign-in page asks for the password: nothing secret in the link.
    secrets: [],
    text: [...lines, ...(approved ? [`${t("teacherRequest.signIn")} ${link}`] : [])].join("\n\n"),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      ...(approved ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(t("teacherRequest.signIn"))}</a></p>`] : []),
    ].join("\n"),
  });
}
