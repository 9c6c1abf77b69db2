/**
 * The password-hashing step the services depend on: raw argon2id of a byte string. Which
 * implementation runs is chosen by the runtime entry (api/services/auth/argon2id.ts,
 * docs/decisions/0021-password-hashing-runtime.md).
 */
export interface Argon2idInput {
  password: Uint8Array;
  salt: Uint8Array;
  /** Memory in KiB, passes, lanes, digest length in bytes (the PHC string's m, t, p). */
  m: number;
  t: number;
  p: number;
  dkLen: number;
}

export type Argon2id = (input: Argon2idInput) => Promise<Uint8Array>;
