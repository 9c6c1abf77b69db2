/**
 * The Deno server's certificate PDF worker (heavy-work.deno.ts): makes each PDF it is sent,
 * one at a time, with the fonts read from their npm packages once. The same renderer as Node,
 * Workers and the tests use.
 */
import { createDiskFontSource } from "../api/adapters/fonts-disk.node.ts";
import { renderCertificatePdf } from "../api/services/certificates/certificate-pdf";
import type { CertificatePdfFacts } from "../api/services/core/heavy-jobs";
import type { Language } from "../locales/languages";
import { serveWorkerJobs } from "./worker-jobs.deno.ts";

export interface CertificatePdfJob {
  facts: CertificatePdfFacts;
  language: Language;
}

const fonts = createDiskFontSource();

serveWorkerJobs<CertificatePdfJob, Uint8Array>(async ({ facts, language }) => {
  const pdf = (await renderCertificatePdf(facts, { language, fonts })).slice();
  return { result: pdf, transfer: [pdf.buffer] };
});
