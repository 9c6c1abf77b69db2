import type { Language } from "../../../locales/languages";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { rateLimit, tooMany } from "../auth/rate-limit";
import { issueCertificate } from "./issue-certificate";
import { adminSettingRow } from "../admin-settings/get-admin-setting";
import type { CertificatePdfFacts } from "../core/heavy-jobs";
import { createRenderGate } from "./render-gate";
import type { CertificateKind } from "../../../db/schema/exam-extras";

/**
 * Per student, far above a real student's downloads (each certificate once or twice, maybe
 * in another language) and far below a script's; plus, for the whole process, at most 2 PDFs
 * made at once and 20 waiting, however many accounts ask (docs/decisions/0032).
 */
export const CERTIFICATE_LIMITS = { perTenMinutes: 10, perDay: 50, concurrentRenders: 2, waitingRenders: 20 } as const;
/** + " Please try again in N minutes." (rate-limit.ts tryAgainIn). */
export const TOO_MANY_CERTIFICATES = "Too many certificate downloads";
const MINUTE_MS = 60 * 1000;

const renders = createRenderGate(CERTIFICATE_LIMITS.concurrentRenders, CERTIFICATE_LIMITS.waitingRenders);

export interface CertificateFile {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * GET /api/takenQuiz/{takenQuizId}/certificate and the dialog's Download link: the caller's
 * certificate of their finished attempt as a PDF in `language` (issued on first use:
 * issue-certificate.ts; 404 otherwise).
 */
export async function downloadCertificate(services: AppServices, caller: Caller, input: unknown, options: { language: Language }): Promise<CertificateFile> {
  await rateLimit(
    services,
    [
      { key: `certificate:10m:${caller.userId}`, limit: CERTIFICATE_LIMITS.perTenMinutes, windowMs: 10 * MINUTE_MS },
      { key: `certificate:day:${caller.userId}`, limit: CERTIFICATE_LIMITS.perDay, windowMs: 24 * 60 * MINUTE_MS },
    ],
    tooMany(TOO_MANY_CERTIFICATES),
  );
  const facts = await issueCertificate(services, caller, input);
  // One file for every reader: dated in the school's zone (ADR 0082), UTC until it has one.
  const { timeZone } = await adminSettingRow(services, caller.businessId);
  const bytes = await renders.run(() => renderPdf(services, { ...facts, ...(timeZone ? { timeZone } : {}) }, options.language));
  return { fileName: certificateFileName(facts.quizName, facts.takenQuizId, facts.kind), bytes };
}

/** Node: in a worker thread (services.certificatePdf, server/certificate-pdf-pool.node.ts); elsewhere here. */
async function renderPdf(services: AppServices, facts: CertificatePdfFacts, language: Language): Promise<Uint8Array> {
  if (services.certificatePdf) return services.certificatePdf(facts, { language });
  if (!services.fonts) throw new Error("No font source: the runtime entry must set services.fonts (docs/decisions/0026-certificates.md)");
  // Loaded on first use: the PDF and font libraries (~400 KiB gzipped) are a part of the
  // Worker bundle of their own, so no other request parses them (docs/decisions/0026).
  const { renderCertificatePdf } = await import("./certificate-pdf");
  return renderCertificatePdf(facts, { language, fonts: services.fonts });
}

/**
 * "certificate-of-achievement-light-and-lenses-12.pdf": what it certifies first (ADR 0076: a
 * saved file says it as the dialog did), then the quiz; ASCII only (accents dropped, other
 * scripts left out), so that every browser and the Content-Disposition header take it as it
 * is; the attempt id keeps two certificates of one quiz apart.
 */
export function certificateFileName(quizName: string, takenQuizId: number, kind: CertificateKind): string {
  const slug = quizName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `certificate-of-${kind.toLowerCase()}-${slug ? `${slug}-` : ""}${takenQuizId}.pdf`;
}
