/**
 * Question exports on Node are written in a worker thread: a QTI package of 5,000 items is
 * seconds of XML building and deflate, which even paced held other requests 120–300 ms under
 * load (docs/decisions/0085, second addendum). The bank is read on the loop, paced, where the
 * database is; the thread only writes. One thread, exports in order (thread-jobs.node.ts);
 * installed as services.writeExport by server/node.ts.
 */
import type { WriteExportJob, WrittenExport } from "../api/services/core/heavy-jobs";
import { threadEntry } from "./thread-entry.node.ts";
import { startThreadJobs, type ThreadJobs } from "./thread-jobs.node.ts";

/** `bundled`: the production server's choice, the thread's bundle when built (thread-entry.node.ts). */
export function startQuestionExportPool({ bundled = false } = {}): ThreadJobs<WriteExportJob, WrittenExport> {
  const entry = threadEntry(new URL("./question-export-thread.node.ts", import.meta.url), { name: "question-export-thread", use: bundled });
  return startThreadJobs<WriteExportJob, WrittenExport>(entry, "question export");
}
