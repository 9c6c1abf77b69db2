/**
 * One run of the abandoned-attempt sweep, shared by the Node and Deno clocks
 * (attempt-sweep.node.ts, attempt-sweep.deno.ts; Workers use a cron trigger). It grades the
 * open attempts past their deadline (api/services/attempts/close-expired.ts). A run still
 * going is not started again, and an error is logged, never thrown: the next run tries again.
 */
import type { AppServices } from "../api/services/core/app-services";
import { closeExpiredAttempts } from "../api/services/attempts/close-expired";

export const SWEEP_EVERY_MS = 60_000;

/** The sweep's run, guarded against overlapping itself. */
export function sweepRun(services: AppServices): () => void {
  let running = false;
  return () => {
    if (running) return;
    running = true;
    closeExpiredAttempts(services)
      .then(({ closed, failed }) => {
        if (closed || failed) console.log(`Graded ${closed} abandoned attempt(s)${failed ? `, ${failed} failed` : ""}`);
      })
      .catch((error: unknown) => console.error("Grading abandoned attempts failed:", error))
      .finally(() => {
        running = false;
      });
  };
}
