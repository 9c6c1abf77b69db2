/**
 * Question import files on Node are parsed in a worker thread: papaparse reads a whole file
 * in one piece (~0.2 s for 10,000 rows), which on the event loop every other request would
 * wait for (docs/decisions/0032). The storing stays on the loop, paced, where the database
 * connection is. One thread, files in order (thread-jobs.node.ts); installed as
 * services.parseImport by server/node.ts.
 */
import type { ImportCandidate } from "../api/services/imports/import-summary";
import type { ParseImportJob } from "../api/services/core/heavy-jobs";
import { startThreadJobs, type ThreadJobs } from "./thread-jobs.node.ts";

export function startImportParsePool(): ThreadJobs<ParseImportJob, ImportCandidate[]> {
  return startThreadJobs<ParseImportJob, ImportCandidate[]>(new URL("./import-parse-thread.node.ts", import.meta.url), "import parse");
}
