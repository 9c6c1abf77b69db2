import { argon2idAsync } from "@noble/hashes/argon2.js";

/**
 * Password hashing with argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2,
 * p = 1), in pure JS so that it runs on Node and Workers alike (~200 ms per hash here).
 * Stored as a PHC string so parameters can be raised later without breaking old hashes.
 */
const PARAMS = { m: 19456, t: 2, p: 1 } as const;
const KEY_LENGTH = 32;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await argon2idAsync(password, salt, { ...PARAMS, dkLen: KEY_LENGTH });
  return `$argon2id$v=19$m=${PARAMS.m},t=${PARAMS.t},p=${PARAMS.p}$${b64(salt)}$${b64(hash)}`;
}

/**
 * What a sign-in verifies against when the account is unknown or has no password (provider
 * only): an argon2id hash with the same parameters as a real one, so that the answer takes
 * as long as a wrong password and timing does not reveal which e-mails have accounts. Fixed
 * salt and digest: no password matches it (a 2^-256 chance), and no hash has to be computed
 * first, so even the first such sign-in of a process costs exactly one verification.
 */
export const DUMMY_PASSWORD_HASH =
  `$argon2id$v=19$m=${PARAMS.m},t=${PARAMS.t},p=${PARAMS.p}$` + `${b64(new Uint8Array(16).fill(0x5a))}$${b64(new Uint8Array(KEY_LENGTH))}`;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match;
  const actual = await argon2idAsync(password, unb64(salt), {
    m: Number(m),
    t: Number(t),
    p: Number(p),
    dkLen: unb64(expected).length,
  });
  return constantTimeEqual(actual, unb64(expected));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
