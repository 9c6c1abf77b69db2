import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from "jose";
import type { AppServices } from "../core/app-services";
import { AppError, Unauthorized } from "../core/errors";
import { say } from "../message-codes";
import { AUTH_MESSAGES } from "./messages";

/**
 * Verification of ID tokens from the configured OpenID Connect provider (decisions:
 * "Sign in with the external provider"). The issuer's discovery document names its JWKS;
 * both are cached per isolate so that a sign-in costs no extra round-trips once warm.
 */
export const PROVIDER_NOT_CONFIGURED = AUTH_MESSAGES.PROVIDER_NOT_CONFIGURED;
export const PROVIDER_TOKEN_INVALID = AUTH_MESSAGES.PROVIDER_TOKEN_INVALID;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

interface Discovery {
  jwks_uri: string;
  authorization_endpoint?: string;
}

/** What the rest of the auth code needs from a verified ID token. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  preferredUsername: string | null;
  /** The `nonce` claim: checked against the browser's request in the popup flow (provider-request.ts). */
  nonce: string | null;
}

const discoveries = new Map<string, { fetchedAt: number; value: Discovery }>();
const keySets = new Map<string, JWTVerifyGetKey>();

export function providerSettings(services: AppServices) {
  const oidc = services.config.oidc;
  if (!oidc) throw new AppError(404, say("PROVIDER_NOT_CONFIGURED"));
  return oidc;
}

export async function discoverProvider(issuer: string): Promise<Discovery> {
  const cached = discoveries.get(issuer);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached.value;
  let document: Partial<Discovery>;
  try {
    const response = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`discovery answered ${response.status}`);
    document = (await response.json()) as Partial<Discovery>;
  } catch (error) {
    console.warn(`OpenID Connect discovery failed: ${error instanceof Error ? (error.cause ?? error.message) : String(error)}`);
    throw new AppError(503, say("PROVIDER_UNREACHABLE"));
  }
  if (typeof document.jwks_uri !== "string") throw new AppError(503, say("PROVIDER_UNREACHABLE"));
  const value: Discovery = { jwks_uri: document.jwks_uri, authorization_endpoint: document.authorization_endpoint };
  discoveries.set(issuer, { fetchedAt: Date.now(), value });
  return value;
}

function keySetFor(jwksUri: string): JWTVerifyGetKey {
  let keySet = keySets.get(jwksUri);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(jwksUri));
    keySets.set(jwksUri, keySet);
  }
  return keySet;
}

/** Token faults (401) as opposed to the provider being unreachable or broken (503). */
const TOKEN_ERRORS = [
  errors.JWTExpired,
  errors.JWTClaimValidationFailed,
  errors.JWTInvalid,
  errors.JWSInvalid,
  errors.JWSSignatureVerificationFailed,
  errors.JOSEAlgNotAllowed,
  errors.JOSENotSupported,
  errors.JWKSNoMatchingKey,
  errors.JWKSMultipleMatchingKeys,
];

export async function verifyProviderToken(services: AppServices, token: string): Promise<ProviderIdentity> {
  const { issuer, clientId } = providerSettings(services);
  const { jwks_uri } = await discoverProvider(issuer);
  try {
    const { payload } = await jwtVerify(token, keySetFor(jwks_uri), {
      issuer,
      audience: clientId,
      currentDate: services.now(),
      requiredClaims: ["sub", "exp"],
      // Only public-key algorithms: the client id is public, so an HMAC token proves nothing.
      algorithms: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"],
    });
    const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
    return {
      subject: String(payload.sub),
      email: text(payload.email)?.toLowerCase() ?? null,
      emailVerified: payload.email_verified === true,
      name: text(payload.name),
      preferredUsername: text(payload.preferred_username),
      nonce: typeof payload.nonce === "string" ? payload.nonce : null,
    };
  } catch (error) {
    if (TOKEN_ERRORS.some((kind) => error instanceof kind)) throw new Unauthorized(say("PROVIDER_TOKEN_INVALID"));
    console.warn("OpenID Connect token verification failed", error);
    throw new AppError(503, say("PROVIDER_UNREACHABLE"));
  }
}
