/**
 * Deno's clock for the abandoned-attempt sweep, as attempt-sweep.node.ts is Node's (Workers
 * use a cron trigger). Every minute it grades the open attempts past their deadline
 * (api/services/attempts/close-expired.ts). The timer never keeps the process alive, a run
 * still going is not started again, and an error is logged, never thrown.
 */
import type { AppServices } from "../api/services/core/app-services";
import { GRADE_SEND_EVERY_MS, gradeSendRun, SWEEP_EVERY_MS, sweepRun } from "./attempt-sweep";
import { Deno } from "./deno-runtime.deno.ts";

/**
 * Starts the sweep, and runs it once at once as Node does: attempts that ran out while the
 * server was down are graded without waiting a minute. The answer stops it.
 */
export function startAttemptSweep(services: AppServices, everyMs = SWEEP_EVERY_MS): () => void {
  const run = sweepRun(services);
  const timer = setInterval(run, everyMs) as unknown as number;
  Deno.unrefTimer(timer);
  // The LMS grade outbox rides on the same clock (issue 29), as on Node.
  const grades = setInterval(gradeSendRun(services), Math.min(everyMs, GRADE_SEND_EVERY_MS)) as unknown as number;
  Deno.unrefTimer(grades);
  run();
  return () => {
    clearInterval(timer);
    clearInterval(grades);
  };
}
