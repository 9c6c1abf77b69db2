import { and, eq } from "drizzle-orm";
import { businesses, quizzes, users } from "../../../db/schema";
import type { Language } from "../../../locales/languages";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError, Invalid, NotFound, Unauthorized } from "../core/errors";
import { assertMayEmailStudents, isStudent } from "../core/permissions";
import { rateLimit, tooMany } from "../auth/rate-limit";
import { sanitiseExplanation } from "../questions/sanitise-explanation";
import { buildStudentEmail } from "./student-email-body";
import { EMAIL_MESSAGES, FROM_LEADER_BOARD, SendEmailInput } from "./schemas";
import { say, type SaidAs } from "../message-codes";

export const STUDENT_EMAIL_TAG = "student-email";

/**
 * Per sender, far above a teacher writing to a class by hand (one mail a minute for a
 * lesson) and far below a script; per recipient, so several authors together cannot flood
 * one student's mailbox either. docs/decisions/0040.
 */
export const STUDENT_EMAIL_LIMITS = { perTenMinutes: 20, perDay: 100, perRecipientPerDay: 10 } as const;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Spec 7 POST /api/sendEmail: an author (a teacher or the owner) e-mails a student of their
 * business, from a quiz's stats (quizId) or from the leader board (quizId -1). The message is
 * the editor's rich text, sanitised by the explanation's sanitiser (ADR 0033) and refused when
 * nothing is left; the address must belong to a student of the caller's business (else 404
 * and nothing sent). Sent through the mailer (Postmark, or the local outbox), with a text
 * part, and replies go to the sender.
 */
export async function sendStudentEmail(services: AppServices, caller: Caller, input: unknown, options: { language?: Language } = {}): Promise<SaidAs<"EMAIL_SENT">> {
  assertMayEmailStudents(caller);
  const fields = SendEmailInput.parse(input);
  const message = sanitiseExplanation(fields.message);
  if (message === "") throw new Invalid(say("EMAIL_MESSAGE_REQUIRED"), { message: say("EMAIL_MESSAGE_REQUIRED") });
  const studentEmail = fields.studentEmail.toLowerCase();

  // Counted before any lookup: refused tries count too, so the form cannot probe addresses at speed.
  await rateLimit(
    services,
    [
      { key: `student-email:10m:${caller.userId}`, limit: STUDENT_EMAIL_LIMITS.perTenMinutes, windowMs: 10 * MINUTE_MS },
      { key: `student-email:day:${caller.userId}`, limit: STUDENT_EMAIL_LIMITS.perDay, windowMs: DAY_MS },
      { key: `student-email:to:${caller.businessId}:${studentEmail}`, limit: STUDENT_EMAIL_LIMITS.perRecipientPerDay, windowMs: DAY_MS },
    ],
    tooMany(EMAIL_MESSAGES.tooMany),
  );

  const db = services.db;
  const [[student], [sender], quizRows] = await db.batch([
    db
      .select({ fullname: users.fullname, email: users.email, userType: users.userType })
      .from(users)
      .where(and(eq(users.businessId, caller.businessId), eq(users.email, studentEmail)))
      .limit(1),
    db
      .select({ fullname: users.fullname, email: users.email, business: businesses.name })
      .from(users)
      .innerJoin(businesses, eq(businesses.id, users.businessId))
      .where(eq(users.id, caller.userId))
      .limit(1),
    db
      .select({ quizName: quizzes.quizName })
      .from(quizzes)
      .where(and(eq(quizzes.id, fields.quizId), eq(quizzes.businessId, caller.businessId)))
      .limit(1),
  ]);
  // Another business's address, a teacher's, or nobody's: the same answer, nothing sent.
  if (!student || !isStudent(student)) throw new AppError(404, say("STUDENT_NOT_FOUND"));
  if (fields.quizId !== FROM_LEADER_BOARD && quizRows.length === 0) throw new NotFound("quiz");
  // The caller's own account is gone (removed since the token was issued): signed out.
  if (!sender) throw new Unauthorized();

  const body = buildStudentEmail({
    studentName: student.fullname,
    senderName: sender.fullname,
    senderEmail: sender.email,
    businessName: sender.business,
    quizName: quizRows[0]?.quizName ?? null,
    messageHtml: message,
    language: options.language,
  });
  await services.mailer.send({
    businessId: caller.businessId,
    to: student.email,
    replyTo: sender.email,
    subject: fields.subject,
    tag: STUDENT_EMAIL_TAG,
    secrets: [],
    html: body.html,
    text: body.text,
  });
  return say("EMAIL_SENT");
}
