/**
 * Question import files on Node are parsed in a worker thread: papaparse reads a whole file
 * in one piece (~0.2 s for 10,000 rows), which on the event loop every other request would
 * wait for (docs/decisions/0032). The storing stays on the loop, paced, where the database
 * connection is. One thread, files in order (thread-jobs.node.ts); installed as
 * services.parseImport by server/node.ts.
 */
import type { ImportCandidate } from "../api/services/imports/import-summary";
import type { ParseImportJob } from "../api/services/core/heavy-jobs";
import { threadEntry } from "./thread-entry.node.ts";
import { startThreadJobs, type ThreadJobs } from "./thread-jobs.node.ts";

/** `bundled`: the production server's choice, the thread's bundle when built (thread-entry.node.ts). */
export function startImportParsePool({ bundled = false } = {}): ThreadJobs<ParseImportJob, ImportCandidate[]> {
  const entry = threadEntry(new URL("./import-parse-thread.node.ts", import.meta.url), { name: "import-parse-thread", use: bundled });
  return startThreadJobs<ParseImportJob, ImportCandidate[]>(entry, "import parse");
}
