import { count, desc, eq } from "drizzle-orm";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { assertOwner } from "../core/permissions";
import { emailOutbox } from "../../../db/schema";
import { OutboxListQuery } from "./schemas";

/** One row of the list: everything but the bodies, which the detail view loads. */
export interface OutboxListEntry {
  id: number;
  to: string;
  from: string;
  subject: string;
  tag: string | null;
  provider: "outbox" | "postmark";
  status: "stored" | "sent" | "failed";
  providerMessageId: string | null;
  error: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The business owner reads every message the product sent (or stored) for the business. */
export async function listOutbox(services: AppServices, caller: Caller, input: unknown): Promise<{ totalCount: number; entities: OutboxListEntry[] }> {
  assertOwner(caller);
  const { pageNumber, pageSize } = OutboxListQuery.parse(input);
  const ofBusiness = eq(emailOutbox.businessId, caller.businessId);

  const [[{ total }], rows] = await services.db.batch([
    services.db.select({ total: count() }).from(emailOutbox).where(ofBusiness),
    services.db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        from: emailOutbox.from,
        subject: emailOutbox.subject,
        tag: emailOutbox.tag,
        provider: emailOutbox.provider,
        status: emailOutbox.status,
        providerMessageId: emailOutbox.providerMessageId,
        error: emailOutbox.error,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(ofBusiness)
      // id breaks ties between messages stored in the same millisecond.
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
  ]);

  return {
    totalCount: total,
    entities: rows.map((row) => ({ ...row, createdAt: row.createdAt.getTime(), sentAt: row.sentAt?.getTime() ?? null })),
  };
}
