/**
 * SipHash-2-4 (Aumasson and Bernstein), a keyed pseudo-random function built for short
 * inputs: synchronous and well under a microsecond a call, where Web Crypto's HMAC is
 * asynchronous and far slower per call (an exam paper asks for hundreds). Used by
 * option-ids.ts. Each 64-bit lane is kept as two unsigned 32-bit halves in local variables
 * (no arrays, no BigInt): the exam's start builds a paper of 200 options with it.
 */

/** A 128-bit key as the 32-bit halves of its two little-endian 64-bit words k0, k1. */
export interface SipKey {
  k0h: number;
  k0l: number;
  k1h: number;
  k1l: number;
}

/** The key from 16 bytes, read little-endian as the reference implementation does. */
export function sipKeyOf(bytes: Uint8Array): SipKey {
  const view = new DataView(bytes.buffer, bytes.byteOffset, 16);
  return { k0l: view.getUint32(0, true), k0h: view.getUint32(4, true), k1l: view.getUint32(8, true), k1h: view.getUint32(12, true) };
}

const TWO_32 = 0x1_0000_0000;

/**
 * SipHash-2-4 of a message of whole 64-bit little-endian words, each a non-negative safe
 * integer; the 64-bit result as [high, low] unsigned 32-bit halves.
 */
export function sipHash(key: SipKey, words: readonly number[]): [number, number] {
  let v0h = (key.k0h ^ 0x736f6d65) >>> 0,
    v0l = (key.k0l ^ 0x70736575) >>> 0;
  let v1h = (key.k1h ^ 0x646f7261) >>> 0,
    v1l = (key.k1l ^ 0x6e646f6d) >>> 0;
  let v2h = (key.k0h ^ 0x6c796765) >>> 0,
    v2l = (key.k0l ^ 0x6e657261) >>> 0;
  let v3h = (key.k1h ^ 0x74656462) >>> 0,
    v3l = (key.k1l ^ 0x79746573) >>> 0;
  let h = 0,
    l = 0,
    mh = 0,
    ml = 0;
  // One pass per message word, then the last block: the length in bytes in the top byte
  // (whole words: no tail bytes). The rounds are written out: a closure over the lanes
  // costs V8 several times the arithmetic.
  for (let i = 0; i <= words.length; i++) {
    if (i < words.length) {
      mh = Math.floor(words[i] / TWO_32) >>> 0;
      ml = words[i] >>> 0;
    } else {
      mh = ((words.length * 8) << 24) >>> 0;
      ml = 0;
    }
    v3h = (v3h ^ mh) >>> 0;
    v3l = (v3l ^ ml) >>> 0;
    for (let r = 0; r < 2; r++) {
    l = (v0l + v1l) >>> 0; v0h = (v0h + v1h + (l < v0l ? 1 : 0)) >>> 0; v0l = l;
    h = ((v1h << 13) | (v1l >>> 19)) >>> 0; l = ((v1l << 13) | (v1h >>> 19)) >>> 0; v1h = (h ^ v0h) >>> 0; v1l = (l ^ v0l) >>> 0;
    h = v0h; v0h = v0l; v0l = h;
    l = (v2l + v3l) >>> 0; v2h = (v2h + v3h + (l < v2l ? 1 : 0)) >>> 0; v2l = l;
    h = ((v3h << 16) | (v3l >>> 16)) >>> 0; l = ((v3l << 16) | (v3h >>> 16)) >>> 0; v3h = (h ^ v2h) >>> 0; v3l = (l ^ v2l) >>> 0;
    l = (v0l + v3l) >>> 0; v0h = (v0h + v3h + (l < v0l ? 1 : 0)) >>> 0; v0l = l;
    h = ((v3h << 21) | (v3l >>> 11)) >>> 0; l = ((v3l << 21) | (v3h >>> 11)) >>> 0; v3h = (h ^ v0h) >>> 0; v3l = (l ^ v0l) >>> 0;
    l = (v2l + v1l) >>> 0; v2h = (v2h + v1h + (l < v2l ? 1 : 0)) >>> 0; v2l = l;
    h = ((v1h << 17) | (v1l >>> 15)) >>> 0; l = ((v1l << 17) | (v1h >>> 15)) >>> 0; v1h = (h ^ v2h) >>> 0; v1l = (l ^ v2l) >>> 0;
    h = v2h; v2h = v2l; v2l = h;
    }
    v0h = (v0h ^ mh) >>> 0;
    v0l = (v0l ^ ml) >>> 0;
  }
  v2l = (v2l ^ 0xff) >>> 0;
  for (let r = 0; r < 4; r++) {
    l = (v0l + v1l) >>> 0; v0h = (v0h + v1h + (l < v0l ? 1 : 0)) >>> 0; v0l = l;
    h = ((v1h << 13) | (v1l >>> 19)) >>> 0; l = ((v1l << 13) | (v1h >>> 19)) >>> 0; v1h = (h ^ v0h) >>> 0; v1l = (l ^ v0l) >>> 0;
    h = v0h; v0h = v0l; v0l = h;
    l = (v2l + v3l) >>> 0; v2h = (v2h + v3h + (l < v2l ? 1 : 0)) >>> 0; v2l = l;
    h = ((v3h << 16) | (v3l >>> 16)) >>> 0; l = ((v3l << 16) | (v3h >>> 16)) >>> 0; v3h = (h ^ v2h) >>> 0; v3l = (l ^ v2l) >>> 0;
    l = (v0l + v3l) >>> 0; v0h = (v0h + v3h + (l < v0l ? 1 : 0)) >>> 0; v0l = l;
    h = ((v3h << 21) | (v3l >>> 11)) >>> 0; l = ((v3l << 21) | (v3h >>> 11)) >>> 0; v3h = (h ^ v0h) >>> 0; v3l = (l ^ v0l) >>> 0;
    l = (v2l + v1l) >>> 0; v2h = (v2h + v1h + (l < v2l ? 1 : 0)) >>> 0; v2l = l;
    h = ((v1h << 17) | (v1l >>> 15)) >>> 0; l = ((v1l << 17) | (v1h >>> 15)) >>> 0; v1h = (h ^ v2h) >>> 0; v1l = (l ^ v2l) >>> 0;
    h = v2h; v2h = v2l; v2l = h;
  }
  return [(v0h ^ v1h ^ v2h ^ v3h) >>> 0, (v0l ^ v1l ^ v2l ^ v3l) >>> 0];
}
