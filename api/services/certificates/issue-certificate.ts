import { and, eq } from "drizzle-orm";
import { certificates, quizAttempts } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError, NotFound } from "../core/errors";
import { closeAttempt } from "../attempts/close-attempt";
import { attemptColumns, isPastDeadline } from "../attempts/deadline";
import { randomToken } from "../auth/random-token";
import { TakenQuizIdInput } from "../results/schemas";
import { selectAttestedFacts, selectCertificate, verifyUrlOf } from "./read-certificate";
import { CERTIFICATE_CODE_BYTES, CERTIFICATE_MESSAGES } from "./schemas";

/** Everything a certificate shows: the PDF, the dialog and the public page. */
export interface CertificateFacts {
  takenQuizId: number;
  code: string;
  verifyUrl: string;
  studentName: string;
  quizName: string;
  percentage: number;
  completedAt: Date;
  issuedAt: Date;
  issuer: string;
}

/**
 * The certificate of the caller's own finished attempt `takenQuizId` (decisions.md
 * "Certificates"), issued on first use: the first call makes its verification code (128
 * random bits), every later call gives the same one. Another student's attempt, another
 * business's, an unknown id and any id for a caller who took no such attempt (a teacher)
 * answer 404 like a missing one; so does an attempt still running. One left open past its
 * deadline is graded first, as the result page does.
 *
 * The first use also keeps what the certificate attests (the student's and quiz's names, the
 * percentage, the completion date, the school) in its row; every later use, the PDF and the
 * public check read them from there (docs/decisions/0033).
 *
 * Race-safe without a transaction (D1 and Turso have no interactive ones): the insert does
 * nothing when the attempt already has a certificate (its unique key), and the read that
 * follows in the same batch returns whichever code (and snapshot) won.
 */
export async function issueCertificate(services: AppServices, caller: Caller, input: unknown): Promise<CertificateFacts> {
  const { takenQuizId } = TakenQuizIdInput.parse(input);
  const [found] = await services.db
    .select(attemptColumns())
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, takenQuizId), eq(quizAttempts.businessId, caller.businessId), eq(quizAttempts.studentId, caller.userId)))
    .limit(1);
  if (!found) throw new NotFound("taken quiz");
  const attempt = found.submittedAt === null && isPastDeadline(found, services.now()) ? await closeAttempt(services, found) : found;
  if (attempt.submittedAt === null) throw new AppError(404, CERTIFICATE_MESSAGES.notFinished);

  const db = services.db;
  const byAttempt = eq(certificates.attemptId, attempt.id);
  let [row] = await selectCertificate(services, byAttempt);
  if (!row) {
    // First use: the certificate keeps the names, percentage and date as they are now.
    const [facts] = await selectAttestedFacts(services, attempt.id);
    if (!facts) throw new NotFound("taken quiz");
    const issued = { code: randomToken(CERTIFICATE_CODE_BYTES), attemptId: attempt.id, businessId: attempt.businessId, issuedAt: services.now() };
    const snapshot = { ...facts, percentage: attempt.percentage, completedAt: attempt.submittedAt };
    [, [row]] = await db.batch([db.insert(certificates).values({ ...issued, ...snapshot }).onConflictDoNothing(), selectCertificate(services, byAttempt)]);
  }
  // No row only if the new code collided with another certificate's (1 in 2^128) and this
  // attempt had none: the insert did nothing, and the next call draws a new code.
  if (!row) throw new Error(`The certificate of attempt ${attempt.id} could not be issued`);
  return {
    takenQuizId: attempt.id,
    code: row.code,
    verifyUrl: verifyUrlOf(services, row.code),
    studentName: row.studentName,
    quizName: row.quizName,
    percentage: row.percentage,
    completedAt: row.completedAt,
    issuedAt: row.issuedAt,
    issuer: row.issuer,
  };
}
