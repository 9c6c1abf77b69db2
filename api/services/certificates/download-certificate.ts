import type { Language } from "../../../locales/languages";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { issueCertificate } from "./issue-certificate";

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
  const facts = await issueCertificate(services, caller, input);
  if (!services.fonts) throw new Error("No font source: the runtime entry must set services.fonts (docs/decisions/0026-certificates.md)");
  // Loaded on first use: the PDF and font libraries (~400 KiB gzipped) are a part of the
  // Worker bundle of their own, so no other request parses them (docs/decisions/0026).
  const { renderCertificatePdf } = await import("./certificate-pdf");
  const bytes = await renderCertificatePdf(facts, { language: options.language, fonts: services.fonts });
  return { fileName: certificateFileName(facts.quizName, facts.takenQuizId), bytes };
}

/**
 * "certificate-light-and-lenses-12.pdf": ASCII only (accents dropped, other scripts left
 * out), so that every browser and the Content-Disposition header take it as it is; the
 * attempt id keeps two certificates of one quiz apart.
 */
export function certificateFileName(quizName: string, takenQuizId: number): string {
  const slug = quizName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `certificate-${slug ? `${slug}-` : ""}${takenQuizId}.pdf`;
}
