/**
 * The owner's payment secret keys at rest (ADR 0043): AES-256-GCM through Web Crypto, so it
 * runs on Node and Workers alike. The AES key is derived (HKDF-SHA-256) from the server's
 * PAYMENT_SECRETS_KEY, never stored in the database; each value gets a fresh 96-bit IV, and
 * the business id and column name are bound in as additional data, so a stored value copied
 * to another business's row or another column does not decrypt.
 */

const VERSION = "v1";
const encoder = new TextEncoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function aesKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: encoder.encode("quiz-payment-secrets"), info: encoder.encode(VERSION) },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keyCache.set(secret, key);
  }
  return key;
}

const toBase64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Where a value belongs: bound into the ciphertext so it cannot be moved elsewhere. */
export interface SecretPlace {
  businessId: number;
  column: string;
}

const additionalData = (place: SecretPlace) => encoder.encode(`${place.businessId}:${place.column}`);

/** `v1.<iv>.<ciphertext+tag>`, base64url. */
export async function encryptSecret(serverKey: string, place: SecretPlace, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: additionalData(place) }, await aesKey(serverKey), encoder.encode(plaintext));
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The plaintext, or null when the value was sealed with another key or for another place (or is damaged). */
export async function decryptSecret(serverKey: string, place: SecretPlace, stored: string): Promise<string | null> {
  const [version, iv, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !sealed) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(iv), additionalData: additionalData(place) }, await aesKey(serverKey), fromBase64Url(sealed));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
