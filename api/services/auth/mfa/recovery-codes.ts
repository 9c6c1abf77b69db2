import { sha256Hex } from "../../../../db/hash";

/**
 * Recovery codes for a lost authenticator (ASVS 2.5.7, look-up secrets 2.6). Each is 24
 * characters of Crockford's base32 (120 random bits, so an unsalted SHA-256 is enough: ASVS
 * 2.6.2 asks for 112), shown as six groups of four. Typing is forgiving: case, spaces and
 * dashes do not matter, and the look-alikes i/l and o read as 1 and 0.
 */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const LENGTH = 24;
export const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCode(): string {
  // 256 is a multiple of 32, so taking 5 bits of each byte has no bias.
  const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
  const chars = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

/** The code as stored (its canonical characters), or null when it cannot be a recovery code. */
export function canonicalRecoveryCode(code: string): string | null {
  const canonical = code
    .toLowerCase()
    .replace(/[\s-]/g, "")
    .replace(/[il]/g, "1")
    .replace(/o/g, "0");
  return canonical.length === LENGTH && [...canonical].every((char) => ALPHABET.includes(char)) ? canonical : null;
}

export function hashRecoveryCode(canonical: string): Promise<string> {
  return sha256Hex(canonical);
}
