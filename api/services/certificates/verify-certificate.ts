import { eq } from "drizzle-orm";
import { certificates } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import { AppError, Gone } from "../core/errors";
import { addressThrottleKey } from "../auth/client-address";
import { rateLimit } from "../auth/rate-limit";
import { selectCertificate } from "./read-certificate";
import { CERTIFICATE_MESSAGES, isCertificateCode, type CertificateVerification } from "./schemas";

/**
 * Lookups per client address: far above what a person checking certificates does, low enough
 * that nobody can use the public page to load the database. Guessing is hopeless anyway
 * (128-bit codes); this only caps the work an anonymous caller can cause.
 */
export const VERIFY_LIMIT = { perAddress: 60, windowMs: 10 * 60 * 1000 } as const;

/**
 * The public check of a certificate (GET /api/certificates/{code}, the page /quiz/verify/{code}):
 * no sign-in. A genuine code tells who, which quiz, the percentage and the dates, and nothing
 * else about the student; anything else (unknown, malformed) is 404 'This is not a valid
 * certificate…'. The certificate of a result its teacher set to Rejected is 410: revoked, not
 * valid, for as long as the result stays Rejected (ADR 0039). Counted per client address
 * first (429 past VERIFY_LIMIT).
 */
export async function verifyCertificate(services: AppServices, input: { code: unknown }, request: { clientAddress: string }): Promise<CertificateVerification> {
  await rateLimit(services, [{ key: `certificate-verify:ip:${addressThrottleKey(request.clientAddress)}`, limit: VERIFY_LIMIT.perAddress, windowMs: VERIFY_LIMIT.windowMs }]);
  if (!isCertificateCode(input.code)) throw new AppError(404, CERTIFICATE_MESSAGES.notValid);
  const [row] = await selectCertificate(services, eq(certificates.code, input.code));
  if (!row) throw new AppError(404, CERTIFICATE_MESSAGES.notValid);
  if (row.resultStatus === "Rejected") throw new CertificateRevoked(row.issuer);
  return {
    valid: true,
    studentName: row.studentName,
    quizName: row.quizName,
    percentage: row.percentage,
    issuedAt: row.issuedAt.getTime(),
    completedAt: row.completedAt.getTime(),
    issuer: row.issuer,
    kind: row.kind,
  };
}

/** A revoked certificate (ADR 0039): the page names the school that revoked it; the API says only the message. */
export class CertificateRevoked extends Gone {
  constructor(readonly issuer: string) {
    super(CERTIFICATE_MESSAGES.revoked, "CERTIFICATE_REVOKED");
  }
}
