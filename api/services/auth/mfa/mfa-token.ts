import { jwtVerify, SignJWT } from "jose";
import type { AppServices } from "../../core/app-services";

/**
 * The proof that a sign-in passed its password step and now waits for the code: an HS256
 * JWT bound to the user, valid 5 minutes. It carries its own audience, token type and
 * claim, so it can never pass as an access token (access-token.ts wants the `/api`
 * audience, a user type in `typ` and a session id), and an access token never passes as it.
 */
const ISSUER = "quiz-app";
const TOKEN_TYPE = "quiz-mfa+jwt";
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

function audience(services: AppServices): string {
  return `${services.config.appUrl}/api/auth/login/mfa`;
}

function key(services: AppServices) {
  return new TextEncoder().encode(services.config.jwtSecret);
}

export async function signMfaToken(services: AppServices, userId: number): Promise<string> {
  const issuedAt = Math.floor(services.now().getTime() / 1000);
  return new SignJWT({ step: "mfa" })
    .setProtectedHeader({ alg: "HS256", typ: TOKEN_TYPE })
    .setIssuer(ISSUER)
    .setAudience(audience(services))
    .setSubject(String(userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + MFA_TOKEN_TTL_SECONDS)
    .sign(key(services));
}

/** The user whose sign-in waits for a code, or null when the token is forged, expired or of another kind. */
export async function readMfaToken(services: AppServices, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(services), {
      issuer: ISSUER,
      audience: audience(services),
      algorithms: ["HS256"],
      typ: TOKEN_TYPE,
      requiredClaims: ["sub", "exp"],
      currentDate: services.now(),
    });
    const userId = Number(payload.sub);
    return payload.step === "mfa" && Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch {
    return null;
  }
}
