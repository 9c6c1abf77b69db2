/** A test worker (worker-refusals.deno.test.ts): refuses every job with the error it names. */
import { serveWorkerJobs } from "../worker-jobs.deno.ts";
import { REFUSALS, type RefusalName } from "./refusals.ts";

serveWorkerJobs<RefusalName, never>(async (name) => {
  throw REFUSALS[name]();
});
