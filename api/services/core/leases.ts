import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { serverLeases } from "../../../db/schema/server-leases";

/**
 * One app server at a time (ADR 0090): the deadline sweep and outbox runs claim a lease by
 * name in the database all servers share, so two servers never do the same run at once, and a
 * server that dies holding one blocks the others only until it expires. Each claim and release
 * is one statement (a round trip to a remote database), and works on D1 too.
 */
export interface Lease {
  name: string;
  /** This process's id as a holder (a random id made at start). */
  holder: string;
  /** How long a holder that never lets go (it died) keeps the others out. */
  ttlMs: number;
}

/** A holder id for this process: new at each start, so a restarted server is another holder. */
export const newLeaseHolder = (): string => crypto.randomUUID();

/**
 * Takes the lease when it is free, expired or already this holder's (then it is renewed); true
 * when this holder has it now. One upsert whose update only runs when the lease may be taken:
 * two servers claiming at once both send it, and the database's write order picks one.
 */
export async function claimLease(db: Db, lease: Lease, now: Date): Promise<boolean> {
  const at = now.getTime();
  const rows = await db
    .insert(serverLeases)
    .values({ name: lease.name, holder: lease.holder, expiresAt: at + lease.ttlMs })
    .onConflictDoUpdate({
      target: serverLeases.name,
      set: { holder: lease.holder, expiresAt: at + lease.ttlMs },
      setWhere: sql`${serverLeases.expiresAt} <= ${at} or ${serverLeases.holder} = ${lease.holder}`,
    })
    .returning({ holder: serverLeases.holder });
  return rows.length === 1;
}

/** Lets go of the lease if this holder has it (a lease taken meanwhile by another is left alone). */
export async function releaseLease(db: Db, lease: Pick<Lease, "name" | "holder">): Promise<void> {
  await db.delete(serverLeases).where(and(eq(serverLeases.name, lease.name), eq(serverLeases.holder, lease.holder)));
}

/**
 * Runs `work` if this holder gets the lease, and lets go when it ends (failed or not): the
 * answer is `work`'s, or `skipped` when another server holds it now.
 */
export async function whileHoldingLease<T>(db: Db, lease: Lease, now: Date, work: () => Promise<T>): Promise<{ skipped: true } | { skipped: false; result: T }> {
  if (!(await claimLease(db, lease, now))) return { skipped: true };
  try {
    return { skipped: false, result: await work() };
  } finally {
    await releaseLease(db, lease);
  }
}
