/**
 * Join codes (docs/decisions/0075-classes.md): 10 characters from 30 that cannot be read as one
 * another (no 0/O, 1/I/L, U/V kept apart by dropping U), about 49 bits from Web Crypto, so a
 * guesser held to the join limit (join-class.ts) has no practical chance. Uniform: bytes past
 * the last whole multiple of 30 are drawn again rather than folded.
 */
export const JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const JOIN_CODE_LENGTH = 10;
const UNBIASED_BELOW = 256 - (256 % JOIN_CODE_ALPHABET.length);

export function newJoinCode(): string {
  let code = "";
  while (code.length < JOIN_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(16))) {
      if (byte < UNBIASED_BELOW && code.length < JOIN_CODE_LENGTH) code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
    }
  }
  return code;
}

/** Bits of a code: log2(30^10) ≈ 49.1. */
export const JOIN_CODE_BITS = JOIN_CODE_LENGTH * Math.log2(JOIN_CODE_ALPHABET.length);
