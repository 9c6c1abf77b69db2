/**
 * Deno's clock for the abandoned-attempt sweep, as attempt-sweep.node.ts is Node's (Workers
 * use a cron trigger). Every minute it grades the open attempts past their deadline
 * (api/services/attempts/close-expired.ts). The timer never keeps the process alive, a run
 * still going is not started again, and an error is logged, never thrown.
 */
import type { AppServices } from "../api/services/core/app-services";
import { closeExpiredAttempts } from "../api/services/attempts/close-expired";
import { Deno } from "./deno-runtime.deno.ts";

export const SWEEP_EVERY_MS = 60_000;

/** Starts the sweep; the answer stops it. */
export function startAttemptSweep(services: AppServices, everyMs = SWEEP_EVERY_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
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
  }, everyMs) as unknown as number;
  Deno.unrefTimer(timer);
  return () => clearInterval(timer);
}
