import { SignJWT } from "jose";
import { z } from "zod";
import type { LtiPlatformRow } from "../../../db/schema/lti";
import type { AppServices } from "../core/app-services";
import { LmsCallFailed, platformFetch } from "./platform-fetch";
import { signingKey } from "./tool-keys";

/**
 * The OAuth 2 client-credentials token for LTI Advantage services (IMS Security Framework 1.0
 * §4.1): we prove who we are with a JWT client assertion signed by our tool key (whose public
 * half the platform reads from /api/lti/jwks), and get a bearer token for the scopes asked.
 * Tokens are kept per process, per platform and scopes, until shortly before they expire;
 * losing them (a restart, another server) only costs one more token request.
 */

export const AGS_SCOPES = {
  lineItem: "https://purl.imsglobal.org/spec/lti-ags/scope/lineitem",
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  resultReadonly: "https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly",
} as const;
export const NRPS_SCOPE = "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly";

const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** Our assertion lives this long: long enough for a slow clock, short enough to be useless later. */
const ASSERTION_TTL_SECONDS = 300;
/** A token is dropped this long before the platform says it expires, so no call carries an expired one. */
const EXPIRY_MARGIN_MS = 60_000;
/** When the platform names no lifetime (expires_in is RECOMMENDED only). */
const DEFAULT_TOKEN_SECONDS = 3600;

const TokenAnswer = z.object({
  access_token: z.string().min(1).max(8192),
  token_type: z.string().max(40).optional(),
  expires_in: z.coerce.number().positive().max(366 * 24 * 3600).optional(),
});

type Platform = Pick<LtiPlatformRow, "id" | "clientId" | "authTokenUrl" | "authTokenAudience">;

interface KeptToken {
  token: string;
  expiresAt: number;
}

/** Per database handle (a platform id means one platform only within its database), then per key. */
const keptByDb = new WeakMap<object, { kept: Map<string, KeptToken>; asking: Map<string, Promise<KeptToken>> }>();

function cacheOf(services: AppServices) {
  let cache = keptByDb.get(services.db);
  if (!cache) keptByDb.set(services.db, (cache = { kept: new Map(), asking: new Map() }));
  return cache;
}

/** The cache key: a platform whose client id or token URL changed gets new tokens. */
function keyOf(platform: Platform, scopes: readonly string[]): string {
  return JSON.stringify([platform.id, platform.clientId, platform.authTokenUrl, [...new Set(scopes)].sort()]);
}

/** A bearer token for these scopes on this platform, from the cache or asked for now. Throws LmsCallFailed. */
export async function serviceToken(services: AppServices, platform: Platform, scopes: readonly string[]): Promise<string> {
  const { kept, asking } = cacheOf(services);
  const key = keyOf(platform, scopes);
  const hit = kept.get(key);
  if (hit && hit.expiresAt > services.now().getTime()) return hit.token;
  let pending = asking.get(key);
  if (!pending) {
    pending = askForToken(services, platform, scopes).finally(() => asking.delete(key));
    asking.set(key, pending);
  }
  const fresh = await pending;
  kept.set(key, fresh);
  return fresh.token;
}

/** After the platform refused a token it gave (401): the next call asks for a new one. */
export function forgetServiceToken(services: AppServices, platform: Platform, scopes: readonly string[]): void {
  cacheOf(services).kept.delete(keyOf(platform, scopes));
}

/** The signed client assertion (IMS Security Framework 1.0 §4.1.1): iss = sub = our client id, aud the token endpoint. */
export async function clientAssertion(services: AppServices, platform: Platform): Promise<string> {
  const key = await signingKey(services.db, services.config.paymentSecretsKey, services.now());
  const now = Math.floor(services.now().getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT" })
    .setIssuer(platform.clientId)
    .setSubject(platform.clientId)
    .setAudience(platform.authTokenAudience || platform.authTokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + ASSERTION_TTL_SECONDS)
    .setJti(crypto.randomUUID())
    .sign(key.privateKey);
}

async function askForToken(services: AppServices, platform: Platform, scopes: readonly string[]): Promise<KeptToken> {
  const form = new URLSearchParams({
    grant_type: "client_credentials",
    client_assertion_type: CLIENT_ASSERTION_TYPE,
    client_assertion: await clientAssertion(services, platform),
    scope: [...new Set(scopes)].join(" "),
  });
  let answer;
  try {
    answer = await platformFetch(services.config, platform.authTokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
    });
  } catch (error) {
    // RFC 6749 §5.2: a refused client or grant is a 400 or 401 from the token endpoint.
    if (error instanceof LmsCallFailed && (error.status === 400 || error.status === 401)) throw new LmsCallFailed("LTI_LMS_TOKEN_REFUSED", error.status);
    throw error;
  }
  const parsed = TokenAnswer.safeParse(answer.json);
  if (!parsed.success || (parsed.data.token_type && parsed.data.token_type.toLowerCase() !== "bearer")) throw new LmsCallFailed("LTI_LMS_GARBAGE", answer.status);
  const lifetimeMs = (parsed.data.expires_in ?? DEFAULT_TOKEN_SECONDS) * 1000;
  // A very short-lived token is still used once rather than never.
  const margin = Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 2);
  return { token: parsed.data.access_token, expiresAt: services.now().getTime() + lifetimeMs - margin };
}
