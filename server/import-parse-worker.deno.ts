/** The Deno server's import parse worker (heavy-work.deno.ts): reads each file it is sent into candidates, one at a time. */
import type { ImportCandidate } from "../api/services/imports/import-summary";
import type { ParseImportJob } from "../api/services/core/heavy-jobs";
import { parseImportFile } from "../api/services/imports/parse-import";
import { serveWorkerJobs } from "./worker-jobs.deno.ts";

serveWorkerJobs<ParseImportJob, ImportCandidate[]>(async (job) => ({ result: await parseImportFile(job) }));
