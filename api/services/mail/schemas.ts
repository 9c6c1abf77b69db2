import { z } from "@hono/zod-openapi";
import { singleLine } from "../core/single-line";

/** What the e-mail form and POST /api/sendEmail say (spec 5, 8; docs/decisions/0040). */
export const EMAIL_MESSAGES = {
  sent: "Email has been sent successfully",
  subjectRequired: "Email subject is required",
  subjectShort: "Minimum 2 symbols",
  subjectLong: "Maximum 50 symbols",
  subjectOneLine: "The subject must be one line",
  nameRequired: "Student name is required",
  emailRequired: "Student email is required",
  emailInvalid: "Student email is not valid",
  messageRequired: "Please write a message",
  messageTooLong: "The message must be at most 20000 characters",
  quizIdInvalid: "quizId must be -1 (the leader board) or a quiz id",
  notAStudent: "This address is not a student of your business",
  /** + " Please try again in N minutes." (rate-limit.ts tryAgainIn). */
  tooMany: "You have sent a lot of e-mails",
} as const;

export const MAX_MESSAGE = 20_000;
/** Quiz id of a mail sent from the leader board (spec 8). */
export const FROM_LEADER_BOARD = -1;

/**
 * Spec 7 POST /api/sendEmail { studentName, studentEmail, subject, message, quizId }.
 * The name is what the form showed (read-only); the mail greets the student by the name the
 * business has for the address, so the name field cannot put words in the school's mouth.
 */
export const SendEmailInput = z
  .object(
    {
      studentName: z.string({ error: EMAIL_MESSAGES.nameRequired }).trim().min(1, EMAIL_MESSAGES.nameRequired).max(200, "Student name must be at most 200 characters"),
      studentEmail: z.string({ error: EMAIL_MESSAGES.emailRequired }).trim().min(1, EMAIL_MESSAGES.emailRequired).max(254, EMAIL_MESSAGES.emailInvalid).regex(/^[^\s@]+@[^\s@]+$/, EMAIL_MESSAGES.emailInvalid),
      // No control characters (a header line break, a NUL) in the subject.
      subject: singleLine(
        z.string({ error: EMAIL_MESSAGES.subjectRequired }).trim().min(1, EMAIL_MESSAGES.subjectRequired).min(2, EMAIL_MESSAGES.subjectShort).max(50, EMAIL_MESSAGES.subjectLong),
        EMAIL_MESSAGES.subjectOneLine,
      ),
      message: z.string({ error: EMAIL_MESSAGES.messageRequired }).max(MAX_MESSAGE, EMAIL_MESSAGES.messageTooLong),
      quizId: z
        .number({ error: EMAIL_MESSAGES.quizIdInvalid })
        .int(EMAIL_MESSAGES.quizIdInvalid)
        .refine((id) => id === FROM_LEADER_BOARD || id > 0, EMAIL_MESSAGES.quizIdInvalid)
        .default(FROM_LEADER_BOARD),
    },
    { error: "The request body must be a JSON object" },
  )
  .openapi("SendEmailInput");

export type SendEmailFields = z.input<typeof SendEmailInput>;
