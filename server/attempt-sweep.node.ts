/**
 * Node's clock for the abandoned-attempt sweep (Workers use a cron trigger instead:
 * server/worker.ts `scheduled`, wrangler.toml [triggers]). Every minute it grades the open
 * attempts past their deadline (api/services/attempts/close-expired.ts), so leader boards and
 * stats include a student who never came back without waiting for them to look.
 */
import type { AppServices } from "../api/services/core/app-services";
import { GRADE_SEND_EVERY_MS, gradeSendRun, SWEEP_EVERY_MS, sweepRun } from "./attempt-sweep";

export { SWEEP_EVERY_MS };

/**
 * Starts the sweep; the answer stops it. The timer is unref'd (it never keeps the process
 * alive), a run that is still going is not started again, and an error is logged, never
 * thrown: the next run tries again. `runNow` also runs it at once: a server that starts
 * again after a crash or a restart grades the attempts that ran out meanwhile without
 * waiting a minute. server/node.ts starts it in one process only, however many serve; app
 * servers on one database each run theirs, one run at a time (the lease: attempt-sweep.ts).
 */
export function startAttemptSweep(services: AppServices, everyMs = SWEEP_EVERY_MS, { runNow = false } = {}): () => void {
  const run = sweepRun(services);
  const timer = setInterval(run, everyMs);
  timer.unref();
  // The LMS grade outbox rides on the same clock (issue 29): scores go out seconds after a grade.
  const grades = setInterval(gradeSendRun(services), Math.min(everyMs, GRADE_SEND_EVERY_MS));
  grades.unref();
  if (runNow) run();
  return () => {
    clearInterval(timer);
    clearInterval(grades);
  };
}
