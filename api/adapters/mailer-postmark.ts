import { eq } from "drizzle-orm";
import { ServerClient } from "postmark";
import type { Db } from "../../db/client";
import { emailOutbox } from "../../db/schema";
import type { Mailer } from "../services/core/mailer";
import { redactSecrets } from "./redact-secrets";

export interface PostmarkMailerOptions {
  serverToken: string;
  /** Defaults to https://api.postmarkapp.com; tests point it at a local server. */
  apiUrl?: string;
  from: string;
}

/** A user waits on this request; Postmark's client default (180 s) is far too long. */
const TIMEOUT_SECONDS = 15;

/**
 * Sends through Postmark and records every message in the outbox table first, so a message
 * is never lost without a trace. The recorded copy never holds the message's secrets (reset
 * and verification links, key sign-in URLs): the recipient's mailbox is their one place,
 * and the outbox must not be a second way into the account (`secretsRedacted`). postmark 5.x talks to the API with the global `fetch` and
 * has no dependencies and no Node built-ins, so the official client runs on Workers too.
 *
 * A provider failure (bad token, rejected address, network) is recorded on the row as
 * `failed` with the error and does not throw: the user's action (e.g. "forgot password")
 * has succeeded from their side, and the owner sees the failure in the outbox.
 */
export function createPostmarkMailer(db: Db, options: PostmarkMailerOptions, now: () => Date = () => new Date()): Mailer {
  const client = new ServerClient(options.serverToken, { ...hostOptions(options.apiUrl), timeout: TIMEOUT_SECONDS });

  return {
    async send(email) {
      const [row] = await db
        .insert(emailOutbox)
        .values({
          businessId: email.businessId,
          to: email.to,
          from: options.from,
          subject: email.subject,
          html: redactSecrets(email.html, email.secrets),
          text: redactSecrets(email.text, email.secrets),
          tag: email.tag || null,
          secretsRedacted: email.secrets.length > 0,
          provider: "postmark",
          status: "stored",
          createdAt: now(),
        })
        .returning({ id: emailOutbox.id });

      try {
        const response = await client.sendEmail({
          From: options.from,
          To: email.to,
          ReplyTo: email.replyTo,
          Subject: email.subject,
          HtmlBody: email.html,
          TextBody: email.text,
          Tag: email.tag || undefined,
          MessageStream: "outbound",
        });
        if (response.ErrorCode !== 0) throw new Error(`Postmark error ${response.ErrorCode}: ${response.Message}`);
        await db
          .update(emailOutbox)
          .set({ status: "sent", providerMessageId: response.MessageID, sentAt: now() })
          .where(eq(emailOutbox.id, row.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`Postmark failed to send outbox message ${row.id}: ${message}`);
        await db.update(emailOutbox).set({ status: "failed", error: message.slice(0, 1000) }).where(eq(emailOutbox.id, row.id));
      }
      return { id: row.id };
    },
  };
}

/** The client takes a scheme flag and a host (with port, and optionally a path prefix). */
function hostOptions(apiUrl: string | undefined): { useHttps: boolean; requestHost: string } | Record<string, never> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return { useHttps: url.protocol === "https:", requestHost: `${url.host}${url.pathname.replace(/\/+$/, "")}` };
}
