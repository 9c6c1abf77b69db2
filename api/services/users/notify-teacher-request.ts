import { and, eq, gt, isNotNull, ne } from "drizzle-orm";
import { users } from "../../../db/schema/users";
import type { AppServices } from "../core/app-services";
import { asOneLine } from "../core/single-line";
import { escapeHtml } from "../escape-html";
import { ownerAccounts } from "../core/permissions";

/** One mail per burst: a request within this long of an earlier one is on the same Users page. */
export const TEACHER_REQUEST_MAIL_QUIET_MS = 15 * 60 * 1000;

/**
 * Tells the business's owners that a teacher account awaits their approval (docs/decisions/0029),
 * with a link to the Users page's requests. A burst of sign-ups (a school's staff on the first
 * day, or a script) sends one mail, not one per request: the page lists them all.
 */
export async function notifyOwnersOfTeacherRequest(services: AppServices, request: { id: number; businessId: number; fullname: string; email: string }): Promise<void> {
  const since = new Date(services.now().getTime() - TEACHER_REQUEST_MAIL_QUIET_MS);
  const [earlier] = await services.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, request.businessId), isNotNull(users.teacherRequest), ne(users.id, request.id), gt(users.createdAt, since)))
    .limit(1);
  if (earlier) return;

  const owners = await services.db
    .select({ email: users.email, fullname: users.fullname })
    .from(users)
    .where(and(eq(users.businessId, request.businessId), ownerAccounts()));
  const link = `${services.config.appUrl}/quiz/admin/users?show=requests`;
  for (const owner of owners) {
    await services.mailer.send({
      businessId: request.businessId,
      to: owner.email,
      subject: "A teacher account awaits your approval",
      tag: "teacher-request",
      // No one-time link in it: the page needs the owner to sign in.
      secrets: [],
      text: [
        `Hello ${asOneLine(owner.fullname)},`,
        "",
        `${asOneLine(request.fullname)} (${asOneLine(request.email)}) registered as a teacher. Until you approve the request, the account is a student's.`,
        `Approve or refuse it on the Users page: ${link}`,
      ].join("\n"),
      html: [
        `<p>Hello ${escapeHtml(owner.fullname)},</p>`,
        `<p>${escapeHtml(request.fullname)} (${escapeHtml(request.email)}) registered as a teacher. Until you approve the request, the account is a student's.</p>`,
        `<p><a href="${escapeHtml(link)}">Approve or refuse it on the Users page</a></p>`,
      ].join("\n"),
    });
  }
}
