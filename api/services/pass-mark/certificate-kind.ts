import type { CertificateKind } from "../../../db/schema/exam-extras";

/**
 * What a finished, marked result's certificate certifies (issue 27 point 4, docs/decisions/
 * 0076), or null for none:
 * - the quiz has no pass mark: a certificate of completion, as before pass marks (ADR 0063);
 * - at or above the pass mark: a certificate of achievement;
 * - below it: a certificate of completion only when the owner's `completionCertificateBelowPass`
 *   says so (default no), else none.
 * The pages ask it to offer the download or not; issueCertificate asks it before issuing.
 */
export function certificateKindFor(percentage: number, passPercentage: number | null, completionBelowPass: boolean): CertificateKind | null {
  if (passPercentage === null) return "Completion";
  if (Number(percentage) >= passPercentage) return "Achievement";
  return completionBelowPass ? "Completion" : null;
}
