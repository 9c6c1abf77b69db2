import { errors, jwtVerify } from "jose";
import type { LtiPlatformRow } from "../../../../db/schema/lti";
import type { AppConfig } from "../../core/config";
import { type LtiClaims, LtiClaims as LtiClaimsSchema } from "./claims";
import { platformKeys } from "./key-set";
import { LtiRefused, refuse } from "./refusals";

/**
 * The id_token checks of IMS Security 1.0 §5.1.3, in its order, for the platform the state
 * names: (1) the signature by the platform's key set, with the algorithms listed here only
 * (so `alg: none` and an HS256 token "signed" with the public key as its secret are refused
 * before any key is used); (2) `iss` is the platform's issuer; (3) `aud` contains our client
 * id; (4) with several audiences, `azp` is present, and whenever present it is our client id;
 * (5)–(7) `exp` not passed and `iat` not in the future, each within CLOCK_SKEW_SECONDS;
 * (9) the `nonce` is the one this browser's login sent (its single use: nonces.ts).
 */
export const ID_TOKEN_ALGORITHMS = ["RS256"];
export const CLOCK_SKEW_SECONDS = 60;
/** A platform's id_token is for one form post: older than this it is refused even if `exp` says otherwise. */
export const MAX_TOKEN_AGE_SECONDS = 60 * 60;
const MAX_ID_TOKEN_LENGTH = 64 * 1024;

export interface VerifiedIdToken {
  claims: LtiClaims;
  exp: number;
}

export async function verifyIdToken(
  config: Pick<AppConfig, "ltiAllowHttp">,
  platform: Pick<LtiPlatformRow, "issuer" | "clientId" | "keySetUrl">,
  idToken: string,
  expectedNonce: string,
  now: Date,
): Promise<VerifiedIdToken> {
  if (idToken.length > MAX_ID_TOKEN_LENGTH) return refuse("LTI_TOKEN_INVALID", "id_token too long");
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(idToken, platformKeys(platform.keySetUrl, config), {
      algorithms: ID_TOKEN_ALGORITHMS,
      issuer: platform.issuer,
      audience: platform.clientId,
      clockTolerance: CLOCK_SKEW_SECONDS,
      maxTokenAge: MAX_TOKEN_AGE_SECONDS,
      requiredClaims: ["iss", "aud", "exp", "iat", "nonce", "sub"],
      currentDate: now,
    }));
  } catch (error) {
    if (error instanceof LtiRefused) throw error;
    if (error instanceof errors.JWTExpired) return refuse("LTI_TOKEN_EXPIRED", error.message);
    return refuse("LTI_TOKEN_INVALID", error instanceof Error ? `${error.name}: ${error.message}` : "unreadable");
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (audiences.length > 1 && payload.azp === undefined) return refuse("LTI_TOKEN_INVALID", "several audiences and no azp");
  if (payload.azp !== undefined && payload.azp !== platform.clientId) return refuse("LTI_TOKEN_INVALID", "azp is not our client id");
  if (typeof payload.iat !== "number" || payload.iat > now.getTime() / 1000 + CLOCK_SKEW_SECONDS) return refuse("LTI_TOKEN_INVALID", "iat in the future");
  if (payload.nonce !== expectedNonce) return refuse("LTI_TOKEN_INVALID", "nonce is not this login's");
  const parsed = LtiClaimsSchema.safeParse(payload);
  if (!parsed.success) return refuse("LTI_MESSAGE_INVALID", parsed.error.issues.map((issue) => issue.path.join(".")).join(", "));
  return { claims: parsed.data, exp: payload.exp as number };
}
