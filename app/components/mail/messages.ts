/**
 * The e-mail verb speaks English (api/services/mail/schemas.ts EMAIL_MESSAGES, shared with the
 * API); the dialog shows its messages in the user's language. Literals here because this
 * module ships to the browser and the services do not; messages.test.ts pins them.
 */
export const EMAIL_MESSAGE_KEYS: Record<string, string> = {
  "Email has been sent successfully": "mail:sent",
  "Email subject is required": "mail:errors.subjectRequired",
  "Minimum 2 symbols": "mail:errors.subjectShort",
  "Maximum 50 symbols": "mail:errors.subjectLong",
  "The subject must be one line": "mail:errors.subjectOneLine",
  "Please write a message": "mail:errors.messageRequired",
  "The message must be at most 20000 characters": "mail:errors.messageTooLong",
  "The requested student is not found": "mail:errors.notAStudent",
};

/** What i18next's `t` is narrowed to here (its full overloads do not fit a plain function type). */
type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A refusal in the user's language: by code for the throttle (its wait in minutes), by text otherwise; unknown texts as sent. */
export function translateEmailMessage(t: Translate, failure: { message: string; code?: string; retryAfterSeconds?: number }): string {
  if (failure.code === "RATE_LIMITED") return t("mail:errors.tooMany", { minutes: Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60)) });
  const key = EMAIL_MESSAGE_KEYS[failure.message];
  return key ? t(key) : failure.message;
}

export function translateEmailErrors(t: Translate, errors: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, translateEmailMessage(t, { message })]));
}

/** Markup with no text in it (what an emptied editor or a bare `<p><br></p>` leaves). */
export function isEmptyMessage(html: string): boolean {
  return html.replace(/<[^>]*>/g, "").replace(/&nbsp;|\u00a0/g, " ").trim() === "";
}
