/** The Deno server's question export worker (heavy-work.deno.ts): writes each export it is sent, one at a time; a package's bytes are handed back, not copied. */
import type { WriteExportJob, WrittenExport } from "../api/services/core/heavy-jobs";
import { type ExportJob, writeExportFile } from "../api/services/exchange/export/export-file";
import { serveWorkerJobs } from "./worker-jobs.deno.ts";
import { writtenTransfer } from "./written-transfer.ts";

serveWorkerJobs<WriteExportJob, WrittenExport>(async (job) => {
  const result = await writeExportFile(job as ExportJob);
  return { result, transfer: writtenTransfer(result) };
});
