/** A test thread (worker-refusals.node.test.ts): refuses every job with the error it names. */
import { serveThreadJobs } from "../thread-jobs.node.ts";
import { REFUSALS, type RefusalName } from "./refusals.ts";

serveThreadJobs<RefusalName, never>(async (name) => {
  throw REFUSALS[name]();
});
