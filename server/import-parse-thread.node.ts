/** The import parse thread (import-parse-pool.node.ts): reads each file it is sent into candidates, one at a time. */
import type { ImportCandidate } from "../api/services/imports/import-summary";
import type { ParseImportJob } from "../api/services/core/heavy-jobs";
import { parseImportFile } from "../api/services/imports/parse-import";
import { serveThreadJobs } from "./thread-jobs.node.ts";

serveThreadJobs<ParseImportJob, ImportCandidate[]>(async (job) => ({ result: await parseImportFile(job) }));
