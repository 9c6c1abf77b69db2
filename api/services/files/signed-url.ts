import type { AppServices } from "../core/app-services";

/**
 * Signed, expiring read URLs for stored files (spec 9: valid 3600 s). The URL itself is the
 * capability: whoever holds it may read that one file until it expires, which is what an
 * `<img src>` needs (no session header). The signature is HMAC-SHA256 over key and expiry,
 * with a key derived from the app secret so that a file signature can never be replayed as
 * (or confused with) an access token signed with the same secret.
 */
export const FILES_URL_PREFIX = "/api/files";

const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

/** HMAC key = HMAC-SHA256(jwtSecret, purpose label): one secret, separate keys per use. */
function signingKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = (async () => {
      const master = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const derived = await crypto.subtle.sign("HMAC", master, encoder.encode("quiz-app/file-url-signing/v1"));
      return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    })();
    keyCache.set(secret, key);
  }
  return key;
}

async function signatureBytes(secret: string, key: string, expires: number): Promise<Uint8Array> {
  // The newline cannot occur in a key, so (key, expires) pairs never collide.
  const mac = await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(`${key}\n${expires}`));
  return new Uint8Array(mac);
}

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Each path segment percent-encoded, slashes kept, so the key reads naturally in the URL. */
export function encodeKeyForPath(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}

const nowSeconds = (services: AppServices) => Math.floor(services.now().getTime() / 1000);

export async function signFileUrl(services: AppServices, key: string, ttl = services.config.fileUrlTtlSeconds): Promise<string> {
  const expires = nowSeconds(services) + ttl;
  const signature = base64url(await signatureBytes(services.config.jwtSecret, key, expires));
  return `${FILES_URL_PREFIX}/${encodeKeyForPath(key)}?expires=${expires}&signature=${signature}`;
}

/** True only for an untampered signature whose expiry is still in the future. */
export async function verifyFileSignature(
  services: AppServices,
  key: string,
  expires: string | number | undefined,
  signature: string | undefined,
): Promise<boolean> {
  if (expires === undefined || signature === undefined) return false;
  const expiresAt = typeof expires === "number" ? expires : /^\d{1,12}$/.test(expires) ? Number(expires) : NaN;
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= nowSeconds(services)) return false;
  const given = fromBase64url(signature);
  if (!given) return false;
  return constantTimeEqual(given, await signatureBytes(services.config.jwtSecret, key, expiresAt));
}

/** Seconds until the URL expires (for Cache-Control); 0 once it has. */
export function secondsUntil(services: AppServices, expires: number): number {
  return Math.max(0, expires - nowSeconds(services));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
