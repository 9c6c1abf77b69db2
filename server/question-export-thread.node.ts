/** The question export thread (question-export-pool.node.ts): writes each export it is sent, one at a time; a package's bytes are handed back, not copied. */
import type { WriteExportJob, WrittenExport } from "../api/services/core/heavy-jobs";
import { type ExportJob, writeExportFile } from "../api/services/exchange/export/export-file";
import { serveThreadJobs } from "./thread-jobs.node.ts";
import { writtenTransfer } from "./written-transfer.ts";

serveThreadJobs<WriteExportJob, WrittenExport>(async (job) => {
  const result = await writeExportFile(job as ExportJob);
  return { result, transfer: writtenTransfer(result) };
});
