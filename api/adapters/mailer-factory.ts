import type { Db } from "../../db/client";
import type { AppConfig } from "../services/core/config";
import type { Mailer } from "../services/core/mailer";
import { createOutboxMailer } from "./mailer-outbox";
import { createPostmarkMailer } from "./mailer-postmark";

/** Postmark when a server token is configured, otherwise the local outbox (decisions). */
export function createMailer(db: Db, config: Pick<AppConfig, "postmark" | "mailFrom">, now: () => Date = () => new Date()): Mailer {
  if (config.postmark) {
    return createPostmarkMailer(db, { ...config.postmark, from: config.mailFrom }, now);
  }
  return createOutboxMailer(db, config.mailFrom, now);
}
