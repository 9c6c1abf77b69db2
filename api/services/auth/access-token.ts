import { jwtVerify, SignJWT } from "jose";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { isSessionActive } from "./sessions";
import { USER_TYPES } from "../../../db/schema/users";

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

/**
 * The HMAC key, imported once per secret: handing jose the raw bytes makes it import a key
 * on every sign and every check, a few percent of the server's CPU when a school submits at
 * once (docs/performance.md). Web Crypto, so the same on Workers.
 */
const importedKeys = new Map<string, Promise<CryptoKey>>();

function key(services: AppServices): Promise<CryptoKey> {
  const secret = services.config.jwtSecret;
  let imported = importedKeys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    importedKeys.set(secret, imported);
  }
  return imported;
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
    .sign(await key(services));
}

/** The caller a token stands for, or null when it is missing, forged, expired or its session has ended. */
export async function verifyAccessToken(services: AppServices, token: string): Promise<Caller | null> {
  const claims = await readAccessToken(services, token);
  if (!claims) return null;
  return (await isSessionActive(services, claims.sessionId, claims.userId)) ? claims : null;
}

type TokenClaims = Caller & { sessionId: string };

/**
 * Tokens whose signature and claims were checked, by their text. A browser sends the same
 * access token with every request of its lifetime (the exam page: every autosave), and the
 * HMAC and claim checks were about 20 µs of each (docs/performance.md, issue 19). A text
 * that verified under a secret and audience stays verified under them; only the clock moves,
 * so its expiry is compared on every use. The session is still looked up on every request
 * (verifyAccessToken): ending a session ends its tokens at once, as before. Bounded: emptied
 * when full (about 400 bytes an entry).
 */
const MOST_VERIFIED_TOKENS = 20_000;
const verifiedTokens = new Map<string, { secret: string; audience: string; expiresAtMs: number; claims: TokenClaims }>();

/** Signature, issuer, audience and expiry only: no database (for the benchmark's floor and for verifyAccessToken). */
export async function readAccessToken(services: AppServices, token: string): Promise<TokenClaims | null> {
  const known = verifiedTokens.get(token);
  if (known && known.secret === services.config.jwtSecret && known.audience === audience(services)) {
    return services.now().getTime() < known.expiresAtMs ? known.claims : null;
  }
  const claims = await checkAccessToken(services, token);
  if (claims) {
    if (verifiedTokens.size >= MOST_VERIFIED_TOKENS) verifiedTokens.clear();
    verifiedTokens.set(token, { secret: services.config.jwtSecret, audience: audience(services), expiresAtMs: claims.expiresAtMs, claims: claims.caller });
  }
  return claims?.caller ?? null;
}

async function checkAccessToken(services: AppServices, token: string): Promise<{ caller: TokenClaims; expiresAtMs: number } | null> {
  try {
    const { payload } = await jwtVerify(token, await key(services), {
      issuer: ISSUER,
      audience: audience(services),
      algorithms: ["HS256"],
      currentDate: services.now(),
    });
    // Parsing, not a permission: the claim must name one of the user types.
    const userType = USER_TYPES.find((type) => type === payload.typ);
    if (!userType) return null;
    if (typeof payload.sid !== "string" || !payload.sid || typeof payload.exp !== "number") return null;
    const caller: TokenClaims = {
      userId: Number(payload.sub),
      businessId: Number(payload.bid),
      userType,
      profile: Number(payload.prf),
      roleLevel: Number(payload.rl),
      sessionId: payload.sid,
    };
    // Frozen: the one object is handed to every request that carries this token.
    return { caller: Object.freeze(caller), expiresAtMs: payload.exp * 1000 };
  } catch {
    return null;
  }
}
