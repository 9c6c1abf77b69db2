/**
 * Certificate PDFs on Node are made in a worker thread, so a PDF (hundreds of milliseconds of
 * CPU, fonts subset and compressed) never holds the event loop that answers everyone else
 * (issue 14: 20 in parallel stalled the server 2.5 s; docs/decisions/0032). One thread, jobs
 * in order (thread-jobs.node.ts); download-certificate.ts lets at most two in and twenty wait.
 * Installed as services.certificatePdf by server/node.ts.
 */
import type { CertificatePdfFacts } from "../api/services/core/heavy-jobs";
import type { Language } from "../locales/languages";
import type { CertificatePdfJob } from "./certificate-pdf-thread.node.ts";
import { threadEntry } from "./thread-entry.node.ts";
import { startThreadJobs } from "./thread-jobs.node.ts";

export interface CertificatePdfPool {
  certificatePdf: (facts: CertificatePdfFacts, options: { language: Language }) => Promise<Uint8Array>;
  close(): Promise<void>;
}

export function startCertificatePdfPool(): CertificatePdfPool {
  const jobs = startThreadJobs<CertificatePdfJob, Uint8Array>(threadEntry(new URL("./certificate-pdf-thread.node.ts", import.meta.url)), "certificate PDF");
  return {
    certificatePdf(facts, { language }) {
      // Only the fields the PDF shows: plain data for the structured clone.
      const { studentName, quizName, percentage, completedAt, issuer, verifyUrl, kind } = facts;
      return jobs.run({ facts: { studentName, quizName, percentage, completedAt, issuer, verifyUrl, kind }, language });
    },
    close: () => jobs.close(),
  };
}
