import { z } from "@hono/zod-openapi";
import { schemaMessage, BODY_NOT_AN_OBJECT } from "../core/coded";
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
/** The checks said by their codes (api/services/message-codes.ts; docs/decisions/0061), the English as above. */
const M = {
  nameRequired: schemaMessage("EMAIL_STUDENT_NAME_REQUIRED"),
  emailRequired: schemaMessage("EMAIL_STUDENT_EMAIL_REQUIRED"),
  emailInvalid: schemaMessage("EMAIL_STUDENT_EMAIL_INVALID"),
  subjectRequired: schemaMessage("EMAIL_SUBJECT_REQUIRED"),
  subjectShort: schemaMessage("MIN_2_SYMBOLS"),
  subjectLong: schemaMessage("MAX_50_SYMBOLS"),
  subjectOneLine: schemaMessage("EMAIL_SUBJECT_ONE_LINE"),
  messageRequired: schemaMessage("EMAIL_MESSAGE_REQUIRED"),
  messageTooLong: schemaMessage("EMAIL_MESSAGE_TOO_LONG"),
  quizIdInvalid: schemaMessage("EMAIL_QUIZ_ID_INVALID"),
};

export const SendEmailInput = z
  .object(
    {
      studentName: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, "Student name must be at most 200 characters"),
      studentEmail: z.string({ error: M.emailRequired }).trim().min(1, M.emailRequired).max(254, M.emailInvalid).regex(/^[^\s@]+@[^\s@]+$/, M.emailInvalid),
      // No control characters (a header line break, a NUL) in the subject.
      subject: singleLine(z.string({ error: M.subjectRequired }).trim().min(1, M.subjectRequired).min(2, M.subjectShort).max(50, M.subjectLong), M.subjectOneLine),
      message: z.string({ error: M.messageRequired }).max(MAX_MESSAGE, M.messageTooLong),
      quizId: z
        .number({ error: M.quizIdInvalid })
        .int(M.quizIdInvalid)
        .refine((id) => id === FROM_LEADER_BOARD || id > 0, M.quizIdInvalid)
        .default(FROM_LEADER_BOARD),
    },
    { error: BODY_NOT_AN_OBJECT },
  )
  .openapi("SendEmailInput");

export type SendEmailFields = z.input<typeof SendEmailInput>;
