/** An e-mail to send. Every message is also recorded in the `email_outbox` table. */
export interface OutgoingEmail {
  businessId: number | null;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What kind of message this is, e.g. "password-reset" (for the outbox list and Postmark tags). */
  tag: string;
}

export interface Mailer {
  /** Sends (or, without a provider, stores in the outbox) and returns the outbox row id. */
  send(email: OutgoingEmail): Promise<{ id: number }>;
}
