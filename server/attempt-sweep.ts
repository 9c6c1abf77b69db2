/**
 * One run of the abandoned-attempt sweep, shared by the Node and Deno clocks
 * (attempt-sweep.node.ts, attempt-sweep.deno.ts; Workers use a cron trigger). It grades the
 * open attempts past their deadline (api/services/attempts/close-expired.ts). A run still
 * going is not started again, and an error is logged, never thrown: the next run tries again.
 */
import type { AppServices } from "../api/services/core/app-services";
import { closeExpiredAttempts } from "../api/services/attempts/close-expired";
import { sendDueLtiGrades } from "../api/services/lti/ags/send-grades";

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
