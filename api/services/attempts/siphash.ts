/**
 * SipHash-2-4 (Aumasson and Bernstein), a keyed pseudo-random function built for short
 * inputs, over 64-bit words held as 32-bit halves: synchronous and a microsecond or less a
 * call, where Web Crypto's HMAC is asynchronous and far slower per call (an exam paper asks
 * for hundreds). Used by option-ids.ts.
 */

/** A 64-bit lane as [high, low] unsigned 32-bit halves. */
type Lane = [number, number];

function add(a: Lane, b: Lane): void {
  const low = (a[1] + b[1]) >>> 0;
  a[0] = (a[0] + b[0] + (low < a[1] ? 1 : 0)) >>> 0;
  a[1] = low;
}

function xor(a: Lane, b: Lane): void {
  a[0] = (a[0] ^ b[0]) >>> 0;
  a[1] = (a[1] ^ b[1]) >>> 0;
}

function rotl(a: Lane, n: number): void {
  let [high, low] = a;
  if (n >= 32) {
    [high, low] = [low, high];
    n -= 32;
  }
  if (n === 0) {
    a[0] = high;
    a[1] = low;
    return;
  }
  a[0] = ((high << n) | (low >>> (32 - n))) >>> 0;
  a[1] = ((low << n) | (high >>> (32 - n))) >>> 0;
}

function round(v0: Lane, v1: Lane, v2: Lane, v3: Lane): void {
  add(v0, v1);
  rotl(v1, 13);
  xor(v1, v0);
  rotl(v0, 32);
  add(v2, v3);
  rotl(v3, 16);
  xor(v3, v2);
  add(v0, v3);
  rotl(v3, 21);
  xor(v3, v0);
  add(v2, v1);
  rotl(v1, 17);
  xor(v1, v2);
  rotl(v2, 32);
}

/** A 128-bit key as its two little-endian 64-bit words k0, k1. */
export interface SipKey {
  k0: Lane;
  k1: Lane;
}

/** The key from 16 bytes, read little-endian as the reference implementation does. */
export function sipKeyOf(bytes: Uint8Array): SipKey {
  const view = new DataView(bytes.buffer, bytes.byteOffset, 16);
  return { k0: [view.getUint32(4, true), view.getUint32(0, true)], k1: [view.getUint32(12, true), view.getUint32(8, true)] };
}

/**
 * SipHash-2-4 of a message of whole 64-bit little-endian words (each given as [high, low]),
 * as [high, low] of the 64-bit result.
 */
export function sipHash(key: SipKey, words: Lane[]): Lane {
  const v0: Lane = [(key.k0[0] ^ 0x736f6d65) >>> 0, (key.k0[1] ^ 0x70736575) >>> 0];
  const v1: Lane = [(key.k1[0] ^ 0x646f7261) >>> 0, (key.k1[1] ^ 0x6e646f6d) >>> 0];
  const v2: Lane = [(key.k0[0] ^ 0x6c796765) >>> 0, (key.k0[1] ^ 0x6e657261) >>> 0];
  const v3: Lane = [(key.k1[0] ^ 0x74656462) >>> 0, (key.k1[1] ^ 0x79746573) >>> 0];
  const absorb = (m: Lane) => {
    xor(v3, m);
    round(v0, v1, v2, v3);
    round(v0, v1, v2, v3);
    xor(v0, m);
  };
  for (const word of words) absorb(word);
  // The last block: the message length in bytes in the top byte (whole words: no tail bytes).
  absorb([((words.length * 8) << 24) >>> 0, 0]);
  v2[1] = (v2[1] ^ 0xff) >>> 0;
  for (let i = 0; i < 4; i++) round(v0, v1, v2, v3);
  return [(v0[0] ^ v1[0] ^ v2[0] ^ v3[0]) >>> 0, (v0[1] ^ v1[1] ^ v2[1] ^ v3[1]) >>> 0];
}

/** A non-negative safe integer as a 64-bit word. */
export function wordOf(value: number): Lane {
  return [Math.floor(value / 0x1_0000_0000) >>> 0, value >>> 0];
}
