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
import { sendDueLtiGrades } from "../api/services/lti/ags/send-grades";
import { newLeaseHolder, whileHoldingLease } from "../api/services/core/leases";

export const SWEEP_EVERY_MS = 60_000;
/**
 * The LMS grade outbox (issue 29, ADR 0089) is looked at this often on Node and Deno, so a
 * score reaches the LMS seconds after the submit; a look with nothing due is one indexed read.
 * Workers send on the minute's cron.
 */
export const GRADE_SEND_EVERY_MS = 5_000;

/** The grade outbox's run, guarded against overlapping itself like the sweep; safe on several servers (send-grades.ts claims each row). */
export function gradeSendRun(services: AppServices): () => void {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    sendDueLtiGrades(services)
      .then(({ sent, retrying, failed }) => {
        if (retrying || failed) console.log(`LMS grades: ${sent} sent, ${retrying} to retry, ${failed} failed`);
      })
      .catch((error: unknown) => console.error("Sending LMS grades failed:", error))
      .finally(() => {
        running = false;
      });
  };
}

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
