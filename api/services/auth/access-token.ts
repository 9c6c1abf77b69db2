import { jwtVerify, SignJWT } from "jose";
import type { AppServices } from "../../context";
import type { Caller } from "../../env";

/**
 * Short-lived access tokens: HS256 JWTs carrying what permission checks need, so a request
 * is authorised without a database read. Long-lived sessions come from refresh tokens.
 */
const ISSUER = "quiz-app";

function key(services: AppServices) {
  return new TextEncoder().encode(services.config.jwtSecret);
}

export async function signAccessToken(services: AppServices, caller: Caller): Promise<string> {
  const issuedAt = Math.floor(services.now().getTime() / 1000);
  return new SignJWT({
    bid: caller.businessId,
    typ: caller.userType,
    prf: caller.profile,
    rl: caller.roleLevel,
  })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuer(ISSUER)
    .setSubject(String(caller.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + services.config.accessTokenTtlSeconds)
    .sign(key(services));
}

/** The caller a token stands for, or null when it is missing, forged or expired. */
export async function verifyAccessToken(services: AppServices, token: string): Promise<Caller | null> {
  try {
    const { payload } = await jwtVerify(token, key(services), {
      issuer: ISSUER,
      algorithms: ["HS256"],
      currentDate: services.now(),
    });
    const userType = payload.typ;
    if (userType !== "Student" && userType !== "Teacher" && userType !== "Admin") return null;
    return {
      userId: Number(payload.sub),
      businessId: Number(payload.bid),
      userType,
      profile: Number(payload.prf),
      roleLevel: Number(payload.rl),
    };
  } catch {
    return null;
  }
}
