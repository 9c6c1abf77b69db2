import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { escapeHtml } from "../escape-html";
import type { ImportSummary } from "./import-summary";

export const IMPORT_MAIL_TAG = "question-import";

/** The summary subject, e.g. "Question import (CSV): 98 imported, 2 rejected". */
export const importSubject = (format: string, summary: ImportSummary) =>
  `Question import (${format}): ${summary.imported} imported, ${summary.rejected.length} rejected`;

/**
 * E-mails the teacher who imported what happened: the count imported, duplicates skipped,
 * and every rejected row (or question) by number with its reason. Carries no secret.
 */
export async function sendImportSummary(services: AppServices, caller: Caller, format: string, fileName: string, summary: ImportSummary | { failed: string }) {
  const [user] = await services.db.select({ email: users.email, fullname: users.fullname }).from(users).where(eq(users.id, caller.userId)).limit(1);
  if (!user) return;
  if ("failed" in summary) {
    const sentence = `The import of ${fileName} could not be finished: ${summary.failed}. Questions imported before it stopped stay in the bank; importing the same file again skips them and adds the rest.`;
    await services.mailer.send({
      businessId: caller.businessId,
      to: user.email,
      subject: `Question import (${format}) failed`,
      tag: IMPORT_MAIL_TAG,
      secrets: [],
      text: [`Hello ${user.fullname},`, "", sentence].join("\n"),
      html: `<p>Hello ${escapeHtml(user.fullname)},</p>\n<p>${escapeHtml(sentence)}</p>`,
    });
    return;
  }
  const counts = [
    `Imported: ${summary.imported}`,
    `Skipped as already in the bank: ${summary.duplicates}`,
    `Rejected: ${summary.rejected.length}`,
  ];
  const lines = summary.rejected.map(({ number, reason }) => `${summary.unit} ${number}: ${reason}`);
  await services.mailer.send({
    businessId: caller.businessId,
    to: user.email,
    subject: importSubject(format, summary),
    tag: IMPORT_MAIL_TAG,
    secrets: [],
    text: [`Hello ${user.fullname},`, "", `Your import of ${fileName} is finished.`, ...counts, ...(lines.length ? ["", "Rejected:", ...lines] : [])].join("\n"),
    html: [
      `<p>Hello ${escapeHtml(user.fullname)},</p>`,
      `<p>Your import of ${escapeHtml(fileName)} is finished.<br>${counts.map(escapeHtml).join("<br>")}</p>`,
      ...(lines.length ? [`<p>Rejected:</p>`, `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>`] : []),
    ].join("\n"),
  });
}
