import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { Language } from "../../../locales/languages";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { escapeHtml } from "../escape-html";
import type { ImportSummary } from "./import-summary";
import { describeProblems, importTranslator } from "./summary-language";

export const IMPORT_MAIL_TAG = "question-import";

/**
 * E-mails the teacher who imported what happened, in the language of the page they imported
 * from (import-questions.ts says how it is known): the count imported, duplicates skipped,
 * and every rejected row (or question) by number with its reasons. Carries no secret.
 */
export async function sendImportSummary(
  services: AppServices,
  caller: Caller,
  language: Language,
  format: string,
  fileName: string,
  summary: ImportSummary | { failed: "unexpected" },
) {
  const [user] = await services.db.select({ email: users.email, fullname: users.fullname }).from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) return;
  const t = importTranslator(language);
  const hello = t("hello", { name: user.fullname });
  if ("failed" in summary) {
    const sentence = t("failed", { file: fileName, reason: t(summary.failed) });
    await services.mailer.send({
      businessId: caller.businessId,
      to: user.email,
      subject: t("failedSubject", { format }),
      tag: IMPORT_MAIL_TAG,
      secrets: [],
      text: [hello, "", sentence].join("\n"),
      html: `<p>${escapeHtml(hello)}</p>\n<p>${escapeHtml(sentence)}</p>`,
    });
    return;
  }
  const finished = t("finished", { file: fileName });
  const counts = [t("imported", { count: summary.imported }), t("duplicates", { count: summary.duplicates }), t("rejected", { count: summary.rejected.length })];
  const lineKey = summary.unit === "Row" ? "row" : "question";
  const lines = summary.rejected.map(({ number, problems }) => t(lineKey, { number, reason: describeProblems(t, problems) }));
  const heading = t(summary.unit === "Row" ? "rejectedRows" : "rejectedQuestions");
  await services.mailer.send({
    businessId: caller.businessId,
    to: user.email,
    subject: t("subject", { format, imported: summary.imported, rejected: summary.rejected.length }),
    tag: IMPORT_MAIL_TAG,
    secrets: [],
    text: [hello, "", finished, ...counts, ...(lines.length ? ["", heading, ...lines] : [])].join("\n"),
    html: [
      `<p>${escapeHtml(hello)}</p>`,
      `<p>${escapeHtml(finished)}<br>${counts.map(escapeHtml).join("<br>")}</p>`,
      ...(lines.length ? [`<p>${escapeHtml(heading)}</p>`, `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`] : []),
    ].join("\n"),
  });
}
