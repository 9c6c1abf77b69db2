import { DEFAULT_LANGUAGE, type Language } from "../../../locales/languages";
import { escapeHtml } from "../escape-html";
import { emailTranslator } from "./email-language";
import { htmlToText } from "./html-to-text";

export interface StudentEmailParts {
  studentName: string;
  senderName: string;
  senderEmail: string;
  businessName: string;
  /** The quiz the mail was written from (its stats), or null from the leader board. */
  quizName: string | null;
  /** Already sanitised (sanitiseExplanation): the only markup allowed in. */
  messageHtml: string;
  /** The greeting's and footer's language (the page the teacher wrote on). */
  language?: Language;
}

/**
 * The formatted mail: a greeting, the teacher's message as they formatted it, and a footer
 * saying who wrote it, for which school, about which quiz, and that a reply reaches them.
 * Inline styles only (mail clients drop style sheets); everything but the sanitised message
 * is escaped. The text part says the same.
 */
export function buildStudentEmail(parts: StudentEmailParts): { html: string; text: string } {
  const t = emailTranslator(parts.language ?? DEFAULT_LANGUAGE);
  const who = { sender: parts.senderName, email: parts.senderEmail, school: parts.businessName };
  const footer = parts.quizName ? t("email.footerQuiz", { ...who, quiz: parts.quizName }) : t("email.footer", who);
  const hello = t("email.hello", { name: parts.studentName });
  const html = [
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;max-width:640px">`,
    `<p>${escapeHtml(hello)}</p>`,
    `<div>${parts.messageHtml}</div>`,
    `<hr style="border:none;border-top:1px solid #d2d6dc;margin:24px 0 12px">`,
    `<p style="font-size:13px;color:#52606d">${escapeHtml(footer)}</p>`,
    `</div>`,
  ].join("\n");
  const text = [hello, "", htmlToText(parts.messageHtml), "", "--", footer].join("\n");
  return { html, text };
}
