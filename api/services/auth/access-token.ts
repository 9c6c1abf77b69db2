import { jwtVerify, SignJWT } from "jose";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";
import { findActiveSession } from "./sessions";

/**
 * Short-lived access tokens: HS256 JWTs carrying what permission checks need. Each names
 * its session (`sid`), and a token is honoured only while that session is open, so logout,
 * a password reset or change, a role switch and "sign out everywhere else" take effect at
 * once rather than when the token would have expired. That costs one primary-key lookup
 * per request (bench/session-check.ts measures it).
 */
const ISSUER = "quiz-app";

/** Tokens are minted for this deployment's API only (the origin it is served from). */
function audience(services: AppServices): string {
  return `${services.config.appUrl}/api`;
}

function key(services: AppServices) {
  return new TextEncoder().encode(services.config.jwtSecret);
}

export async function signAccessToken(services: AppServices, caller: Caller, sessionId: string): Promise<string> {
  const issuedAt = Math.floor(services.now().getTime() / 1000);
  return new SignJWT({
    bid: caller.businessId,
    typ: caller.userType,
    prf: caller.profile,
    rl: caller.roleLevel,
    sid: sessionId,
  })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setAudience(audience(services))
    .setSubject(String(caller.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + services.config.accessTokenTtlSeconds)
    .sign(key(services));
}

/** The caller a token stands for, or null when it is missing, forged, expired or its session has ended. */
export async function verifyAccessToken(services: AppServices, token: string): Promise<Caller | null> {
  const claims = await readAccessToken(services, token);
  if (!claims) return null;
  const session = await findActiveSession(services, claims.sessionId, claims.userId);
  return session ? claims : null;
}

/** Signature, issuer, audience and expiry only: no database (for the benchmark's floor and for verifyAccessToken). */
export async function readAccessToken(services: AppServices, token: string): Promise<(Caller & { sessionId: string }) | null> {
  try {
    const { payload } = await jwtVerify(token, key(services), {
      issuer: ISSUER,
      audience: audience(services),
      algorithms: ["HS256"],
      currentDate: services.now(),
    });
    const userType = payload.typ;
    if (userType !== "Student" && userType !== "Teacher" && userType !== "Admin") return null;
    if (typeof payload.sid !== "string" || !payload.sid) return null;
    return {
      userId: Number(payload.sub),
      businessId: Number(payload.bid),
      userType,
      profile: Number(payload.prf),
      roleLevel: Number(payload.rl),
      sessionId: payload.sid,
    };
  } catch {
    return null;
  }
}
