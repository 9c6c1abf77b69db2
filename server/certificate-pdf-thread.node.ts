/**
 * The certificate PDF thread (certificate-pdf-pool.node.ts): makes each PDF it is sent,
 * `{ id, facts, language }` → `{ id, pdf }` or `{ id, error }`, one at a time, with the fonts
 * read from disk once. The same renderer as Workers and tests use (certificate-pdf.ts).
 */
import { parentPort } from "node:worker_threads";
import { createDiskFontSource } from "../api/adapters/fonts-disk.node.ts";
import { type CertificatePdfFacts, renderCertificatePdf } from "../api/services/certificates/certificate-pdf";
import type { Language } from "../locales/languages";

export interface CertificatePdfJob {
  id: number;
  facts: CertificatePdfFacts;
  language: Language;
}
export type CertificatePdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error("certificate-pdf-thread.node.ts runs as a worker thread only");
const fonts = createDiskFontSource();

port.on("message", async ({ id, facts, language }: CertificatePdfJob) => {
  try {
    const pdf = (await renderCertificatePdf(facts, { language, fonts })).slice();
    port.postMessage({ id, pdf } satisfies CertificatePdfReply, [pdf.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies CertificatePdfReply);
  }
});
