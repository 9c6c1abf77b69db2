import { pureJsArgon2id } from "./argon2id";
import { type Argon2id } from "../core/password-hashing";

/**
 * Password hashing with argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2,
 * p = 1). The computation itself is whichever argon2id the runtime entry installed with
 * `installArgon2id` (WASM, on Node in worker threads; argon2id.ts), pure JS until then: every
 * one gives the same bytes. Stored as a PHC string so parameters can be raised later
 * without breaking old hashes.
 *
 * With a pepper (PASSWORD_PEPPER, ASVS 2.4.5) the password is first keyed with HMAC-SHA256
 * under that secret, which lives outside the database: a stolen database alone then allows
 * no offline guessing at all. Such hashes say so with the PHC `keyid` parameter; hashes
 * without it (written before a pepper was configured) still verify, and `needsRehash` tells
 * a successful sign-in to store them again with the pepper.
 */
const PARAMS = { m: 19456, t: 2, p: 1 } as const;
const KEY_LENGTH = 32;
/** PHC `keyid` of the (only) pepper: key #1, base64 of the byte 0x01. */
const PEPPER_KEY_ID = "AQ";

/** The secret a deployment keys its hashes with, or null (no pepper configured). */
export type Pepper = string | null;

let argon2id: Argon2id = pureJsArgon2id;

/**
 * Chooses the argon2id implementation for this process (Node) or isolate (Worker). Called by
 * the runtime entries through `createApp` (AppServices.argon2id) and before they seed; one
 * per process, since every implementation gives the same hashes.
 */
export function installArgon2id(implementation: Argon2id): void {
  argon2id = implementation;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);

async function keyed(password: string, pepper: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", utf8(pepper), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, utf8(password)));
}

export async function hashPassword(password: string, pepper: Pepper): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const input = pepper ? await keyed(password, pepper) : utf8(password);
  const hash = await argon2id({ password: input, salt, ...PARAMS, dkLen: KEY_LENGTH });
  const keyId = pepper ? `,keyid=${PEPPER_KEY_ID}` : "";
  return `$argon2id$v=19$m=${PARAMS.m},t=${PARAMS.t},p=${PARAMS.p}${keyId}$${b64(salt)}$${b64(hash)}`;
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

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)(?:,keyid=([A-Za-z0-9+/]+))?\$([^$]+)\$([^$]+)$/;

/**
 * True when `password` matches `stored`. A peppered hash needs the pepper it was made with;
 * without one configured it never matches (the deployment lost its PASSWORD_PEPPER).
 */
export async function verifyPassword(password: string, stored: string, pepper: Pepper): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, keyId, salt, expected] = match;
  if (keyId && (keyId !== PEPPER_KEY_ID || !pepper)) return false;
  const input = keyId && pepper ? await keyed(password, pepper) : utf8(password);
  const actual = await argon2id({
    password: input,
    salt: unb64(salt),
    m: Number(m),
    t: Number(t),
    p: Number(p),
    dkLen: unb64(expected).length,
  });
  return constantTimeEqual(actual, unb64(expected));
}

/** A verified hash that should be stored again: a pepper is configured but this hash predates it. */
export function needsRehash(stored: string, pepper: Pepper): boolean {
  const match = PHC.exec(stored);
  return Boolean(pepper && match && !match[4]);
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
