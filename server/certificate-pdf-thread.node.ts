/**
 * The certificate PDF thread (certificate-pdf-pool.node.ts): makes each PDF it is sent, one
 * at a time, with the fonts read from disk once. The same renderer as Workers and tests use.
 */
import { createDiskFontSource } from "../api/adapters/fonts-disk.node.ts";
import { renderCertificatePdf } from "../api/services/certificates/certificate-pdf";
import type { CertificatePdfFacts } from "../api/services/core/heavy-jobs";
import type { Language } from "../locales/languages";
import { serveThreadJobs } from "./thread-jobs.node.ts";

export interface CertificatePdfJob {
  facts: CertificatePdfFacts;
  language: Language;
}

const fonts = createDiskFontSource();

serveThreadJobs<CertificatePdfJob, Uint8Array>(async ({ facts, language }) => {
  const pdf = (await renderCertificatePdf(facts, { language, fonts })).slice();
  return { result: pdf, transfer: [pdf.buffer] };
});
