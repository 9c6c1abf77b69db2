import { and, eq } from "drizzle-orm";
import { certificates, quizAttempts, quizzes } from "../../../db/schema";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { AppError, Conflict, Gone, NotFound } from "../core/errors";
import { mayHaveCertificateOf } from "../core/permissions";
import { closeAttempt } from "../attempts/close-attempt";
import { attemptColumns, isPastDeadline } from "../attempts/deadline";
import { randomToken } from "../auth/random-token";
import { TakenQuizIdInput } from "../results/schemas";
import { selectAttestedFacts, selectCertificate, verifyUrlOf } from "./read-certificate";
import { CERTIFICATE_CODE_BYTES, CERTIFICATE_MESSAGES } from "./schemas";
import type { CertificateKind } from "../../../db/schema/exam-extras";
import { adminSettingRow } from "../admin-settings/get-admin-setting";
import { certificateKindFor } from "../pass-mark/certificate-kind";
import { say } from "../message-codes";

/** Everything a certificate shows: the PDF, the dialog and the public page. */
export interface CertificateFacts {
  takenQuizId: number;
  /** The attempt's quiz (a teacher's dialog checks it is the quiz of the page behind it). */
  quizId: number;
  code: string;
  verifyUrl: string;
  studentName: string;
  quizName: string;
  percentage: number;
  completedAt: Date;
  issuedAt: Date;
  issuer: string;
  /** ADR 0076: Achievement (the result reached the quiz's pass mark) or Completion. */
  kind: CertificateKind;
}

/**
 * The certificate of the finished attempt `takenQuizId` (decisions.md "Certificates"), for
 * the student who took it or for those who may read the quiz's results (its teacher and the
 * owner: permissions.ts, ADR 0039), issued on first use: the first call makes its
 * verification code (128 random bits), every later call gives the same one. Another
 * student's attempt, another business's, an unknown id and an attempt of a quiz whose results
 * the caller may not read answer 404 like a missing one; so does an attempt still running.
 * One left open past its deadline is graded first, as the result page does. A result set to
 * Rejected has no valid certificate (410 CERTIFICATE_REVOKED) while it stays Rejected.
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
  const [readable] = await services.db
    .select({ attempt: attemptColumns(), teacherId: quizzes.teacherId, passPercentage: quizzes.passPercentage })
    .from(quizAttempts)
    .innerJoin(quizzes, and(eq(quizzes.id, quizAttempts.quizId), eq(quizzes.businessId, quizAttempts.businessId)))
    .where(and(eq(quizAttempts.id, takenQuizId), eq(quizAttempts.businessId, caller.businessId)))
    .limit(1);
  if (!readable || !mayHaveCertificateOf(caller, readable.attempt, { teacherId: readable.teacherId })) throw new NotFound("taken quiz");
  const found = readable.attempt;
  const attempt = found.submittedAt === null && isPastDeadline(found, services.now()) ? await closeAttempt(services, found) : found;
  if (attempt.submittedAt === null) throw new AppError(404, CERTIFICATE_MESSAGES.notFinished);
  if (attempt.status === "Rejected") throw new Gone(CERTIFICATE_MESSAGES.revoked, "CERTIFICATE_REVOKED");
  // decisions.md: no certificate while an essay of the attempt awaits a grader.
  if (attempt.gradingStatus === "NeedsGrading") throw new Conflict(CERTIFICATE_MESSAGES.awaitingMarking, "AWAITING_MARKING");

  const db = services.db;
  const byAttempt = eq(certificates.attemptId, attempt.id);
  let [row] = await selectCertificate(services, byAttempt);
  if (!row) {
    // ADR 0076: what it certifies is decided once, when it is first issued, like its percentage.
    const { completionCertificateBelowPass } = await adminSettingRow(services, attempt.businessId);
    const kind = certificateKindFor(attempt.percentage, readable.passPercentage, completionCertificateBelowPass);
    if (kind === null) throw new Conflict(say("CERTIFICATE_BELOW_PASS_MARK", { passPercentage: readable.passPercentage ?? 0 }));
    // First use: the certificate keeps the names, percentage and date as they are now.
    const [found] = await selectAttestedFacts(services, attempt.id);
    if (!found) throw new NotFound("taken quiz");
    const facts = { ...found, kind };
    const issued = { code: randomToken(CERTIFICATE_CODE_BYTES), attemptId: attempt.id, businessId: attempt.businessId, issuedAt: services.now() };
    const snapshot = { ...facts, percentage: attempt.percentage, completedAt: attempt.submittedAt };
    [, [row]] = await db.batch([db.insert(certificates).values({ ...issued, ...snapshot }).onConflictDoNothing(), selectCertificate(services, byAttempt)]);
  }
  // No row only if the new code collided with another certificate's (1 in 2^128) and this
  // attempt had none: the insert did nothing, and the next call draws a new code.
  if (!row) throw new Error(`The certificate of attempt ${attempt.id} could not be issued`);
  return {
    takenQuizId: attempt.id,
    quizId: attempt.quizId,
    code: row.code,
    verifyUrl: verifyUrlOf(services, row.code),
    studentName: row.studentName,
    quizName: row.quizName,
    percentage: row.percentage,
    completedAt: row.completedAt,
    issuedAt: row.issuedAt,
    issuer: row.issuer,
    kind: row.kind,
  };
}
