import { z } from "@hono/zod-openapi";

/** Our own texts, and the spec's 'Not enough information' (a certificate without a finished attempt). */
export const CERTIFICATE_MESSAGES = {
  notEnoughInformation: "Not enough information",
  notFinished: "This attempt is not finished yet, so it has no certificate",
  notValid: "This is not a valid certificate: no certificate has this code",
  revoked: "This certificate has been revoked: the school rejected the result, so it is not valid",
  awaitingMarking: "This attempt is awaiting marking, so it has no certificate yet",
} as const;

/** 16 random bytes in base64url (api/services/auth/random-token.ts): 128 bits, 22 characters. */
export const CERTIFICATE_CODE_BYTES = 16;
const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A verification code as it appears in /quiz/verify/{code}. Anything else is simply no certificate. */
export function isCertificateCode(value: unknown): value is string {
  return typeof value === "string" && CODE_PATTERN.test(value);
}

export const CertificateCodeParam = z.object({
  code: z.string().openapi({ param: { name: "code", in: "path" }, description: "The code of the verification URL /quiz/verify/{code}", example: "3q2-7wAAAAD_u7u7u7u7uw" }),
});

export const TakenQuizIdParam = z.object({
  takenQuizId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, "takenQuizId must be an id")
    .openapi({ param: { name: "takenQuizId", in: "path" }, example: "12" }),
});

/** What the public verification says about a genuine certificate (decisions.md "Certificates"). */
export interface CertificateVerification {
  valid: true;
  studentName: string;
  quizName: string;
  /** 0-100, as graded (two decimals at most). */
  percentage: number;
  /** Epoch ms: when the certificate was first issued (its first download). */
  issuedAt: number;
  /** Epoch ms: when the attempt was graded. */
  completedAt: number;
  /** The school (business) that issued it. */
  issuer: string;
  /** ADR 0076: what it certifies: Achievement (the result reached the quiz's pass mark) or Completion. */
  kind: "Completion" | "Achievement";
}
