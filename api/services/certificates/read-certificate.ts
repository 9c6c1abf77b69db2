import { eq, type SQL } from "drizzle-orm";
import { businesses, certificates, quizAttempts, quizzes, users } from "../../../db/schema";
import type { AppServices } from "../../context";

/** One certificate with what it attests, read in one query (the names as they are now). */
export function selectCertificate(services: AppServices, where: SQL) {
  return services.db
    .select({
      code: certificates.code,
      attemptId: certificates.attemptId,
      issuedAt: certificates.issuedAt,
      studentName: users.fullname,
      quizName: quizzes.quizName,
      percentage: quizAttempts.percentage,
      completedAt: quizAttempts.submittedAt,
      issuer: businesses.name,
    })
    .from(certificates)
    .innerJoin(quizAttempts, eq(quizAttempts.id, certificates.attemptId))
    .innerJoin(users, eq(users.id, quizAttempts.studentId))
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .innerJoin(businesses, eq(businesses.id, certificates.businessId))
    .where(where)
    .limit(1);
}

export type CertificateRow = Awaited<ReturnType<typeof selectCertificate>>[number];

/** The public page of a certificate: `<origin>/quiz/verify/{code}`, on the configured origin (never a Host header). */
export function verifyUrlOf(services: AppServices, code: string): string {
  return `${services.config.appUrl}/quiz/verify/${code}`;
}
