import { eq, type SQL } from "drizzle-orm";
import { businesses, certificates, quizAttempts, quizzes, users } from "../../../db/schema";
import type { AppServices } from "../core/app-services";

/**
 * One certificate with what it attests, as it was when issued: the row keeps the names, the
 * percentage, the completion date and the school (docs/decisions/0033), so a later rename
 * or regrade changes no certificate.
 */
export function selectCertificate(services: AppServices, where: SQL) {
  return services.db
    .select({
      code: certificates.code,
      attemptId: certificates.attemptId,
      issuedAt: certificates.issuedAt,
      studentName: certificates.studentName,
      quizName: certificates.quizName,
      percentage: certificates.percentage,
      completedAt: certificates.completedAt,
      issuer: certificates.issuer,
      kind: certificates.kind,
      /** The attempt's status now: Rejected revokes the certificate (ADR 0039). */
      resultStatus: quizAttempts.status,
    })
    .from(certificates)
    .innerJoin(quizAttempts, eq(quizAttempts.id, certificates.attemptId))
    .where(where)
    .limit(1);
}

export type CertificateRow = Awaited<ReturnType<typeof selectCertificate>>[number];

/** What a certificate of attempt `attemptId` would say if issued now: the names as they are. */
export function selectAttestedFacts(services: AppServices, attemptId: number) {
  return services.db
    .select({ studentName: users.fullname, quizName: quizzes.quizName, issuer: businesses.name })
    .from(quizAttempts)
    .innerJoin(users, eq(users.id, quizAttempts.studentId))
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(businesses, eq(businesses.id, quizAttempts.businessId))
    .where(eq(quizAttempts.id, attemptId))
    .limit(1);
}

/** The public page of a certificate: `<origin>/quiz/verify/{code}`, on the configured origin (never a Host header). */
export function verifyUrlOf(services: AppServices, code: string): string {
  return `${services.config.appUrl}/quiz/verify/${code}`;
}
