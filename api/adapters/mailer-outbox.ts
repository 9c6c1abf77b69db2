import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Mailer } from "../services/core/mailer";

/**
 * The local default mailer: nothing leaves the machine; every message is stored in the
 * outbox table, where the business owner reads it in the app (decisions: "otherwise every
 * message goes to a local outbox that the owner can read"). The outbox is then the delivery
 * itself, so it keeps the message whole, secret links included (`secretsRedacted` false).
 */
export function createOutboxMailer(db: Db, from: string, now: () => Date = () => new Date()): Mailer {
  return {
    async send(email) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          businessId: email.businessId,
          to: email.to,
          from,
          subject: email.subject,
          html: email.html,
          text: email.text,
          tag: email.tag || null,
          provider: "outbox",
          secretsRedacted: false,
          status: "stored",
          createdAt: now(),
        })
        .returning({ id: emailOutbox.id });
      return { id: row.id };
    },
  };
}
