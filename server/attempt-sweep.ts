/**
 * One run of the abandoned-attempt sweep, shared by the Node and Deno clocks
 * (attempt-sweep.node.ts, attempt-sweep.deno.ts; Workers use a cron trigger). It grades the
 * open attempts past their deadline (api/services/attempts/close-expired.ts). A run still
 * going is not started again, and an error is logged, never thrown: the next run tries again.
 * Several app servers of one database each run the clock; a lease in the database lets one run
 * at a time (ADR 0090), so they do not grade the same attempts side by side.
 */
import type { AppServices } from "../api/services/core/app-services";
import { closeExpiredAttempts } from "../api/services/attempts/close-expired";
import { newLeaseHolder, whileHoldingLease } from "../api/services/core/leases";

export const SWEEP_EVERY_MS = 60_000;

/** The sweep's lease: held during a run; a server that dies in one holds the others off this long at most. */
export const SWEEP_LEASE = { name: "attempt-sweep", ttlMs: 2 * SWEEP_EVERY_MS } as const;

/** The sweep's run, guarded against overlapping itself and, through the lease, another server's run. */
export function sweepRun(services: AppServices): () => void {
  const lease = { ...SWEEP_LEASE, holder: newLeaseHolder() };
  let running = false;
  return () => {
    if (running) return;
    running = true;
    whileHoldingLease(services.db, lease, services.now(), () => closeExpiredAttempts(services))
      .then((run) => {
        if (run.skipped) return;
        const { closed, failed } = run.result;
        if (closed || failed) console.log(`Graded ${closed} abandoned attempt(s)${failed ? `, ${failed} failed` : ""}`);
      })
      .catch((error: unknown) => console.error("Grading abandoned attempts failed:", error))
      .finally(() => {
        running = false;
      });
  };
}
