/** An e-mail to send. Every message is also recorded in the `email_outbox` table. */
export interface OutgoingEmail {
  businessId: number | null;
  to: string;
  /** Where a reply goes, when not to the sending address (a teacher's mail to a student). */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of message this is, e.g. "password-reset" (for the outbox list and Postmark tags). */
  tag: string;
  /**
   * The exact secrets in the bodies (a password reset or e-mail verification link, a key
   * sign-in URL, a bare token); [] when there are none. When a mail provider delivers the
   * message, the copy kept in the outbox has them removed (api/adapters/redact-secrets.ts);
   * only when the outbox is the delivery itself (no provider) does it keep them.
   */
  secrets: string[];
}

export interface Mailer {
  /** Sends (or, without a provider, stores in the outbox) and returns the outbox row id. */
  send(email: OutgoingEmail): Promise<{ id: number }>;
}
