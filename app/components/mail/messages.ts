import { type CodeKeys, sayAnswer, sayFieldErrors, type Translate } from "../../utils/message-codes";

/** The e-mail verb's codes (api/services/message-codes.ts) → keys of locales/<lang>/mail.json. */
export const EMAIL_CODE_KEYS: CodeKeys = {
  EMAIL_SENT: "mail:sent",
  EMAIL_SUBJECT_REQUIRED: "mail:errors.subjectRequired",
  MIN_2_SYMBOLS: "mail:errors.subjectShort",
  MAX_50_SYMBOLS: "mail:errors.subjectLong",
  EMAIL_SUBJECT_ONE_LINE: "mail:errors.subjectOneLine",
  EMAIL_MESSAGE_REQUIRED: "mail:errors.messageRequired",
  EMAIL_MESSAGE_TOO_LONG: "mail:errors.messageTooLong",
  EMAIL_NOT_A_STUDENT: "mail:errors.notAStudent",
  STUDENT_NOT_FOUND: "mail:errors.notAStudent",
};

/** A refusal in the user's language, by its code: the throttle with its wait in minutes; a code without words here as sent. */
export function translateEmailMessage(t: Translate, failure: { message: string; code?: string; retryAfterSeconds?: number }): string {
  if (failure.code === "RATE_LIMITED") return t("mail:errors.tooMany", { minutes: Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60)) });
  return sayAnswer(t, EMAIL_CODE_KEYS, failure);
}

/** The form's field errors in the user's language, by their codes. */
export function translateEmailErrors(t: Translate, failure: { errors?: Record<string, string>; errorCodes?: Record<string, string> } | undefined): Record<string, string> | undefined {
  return failure ? sayFieldErrors(t, EMAIL_CODE_KEYS, failure) : undefined;
}

/** Markup with no text in it (what an emptied editor or a bare `<p><br></p>` leaves). */
export function isEmptyMessage(html: string): boolean {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\u00a0/g, " ").trim() === "";
}
