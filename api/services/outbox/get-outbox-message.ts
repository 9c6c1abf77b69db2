import { and, eq } from "drizzle-orm";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { NotFound } from "../core/errors";
import { assertOwner } from "../core/permissions";
import { emailOutbox } from "../../../db/schema";
import type { OutboxListEntry } from "./list-outbox";

export interface OutboxMessage extends OutboxListEntry {
  html: string;
  text: string;
}

/** One message with its bodies. Another business's message is "not found", never "forbidden". */
export async function getOutboxMessage(services: AppServices, caller: Caller, id: number): Promise<OutboxMessage> {
  assertOwner(caller);
  const [row] = await services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.businessId, caller.businessId)))
    .limit(1);
  if (!row) throw new NotFound("email");
  return {
    id: row.id,
    to: row.to,
    from: row.from,
    subject: row.subject,
    html: row.html,
    text: row.text,
    tag: row.tag,
    provider: row.provider,
    status: row.status,
    providerMessageId: row.providerMessageId,
    error: row.error,
    createdAt: row.createdAt.getTime(),
    sentAt: row.sentAt?.getTime() ?? null,
  };
}
