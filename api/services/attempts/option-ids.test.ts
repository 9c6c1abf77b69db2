import { describe, expect, it } from "vitest";
import type { AppServices } from "../core/app-services";
import { AttemptOptionIds, attemptIdKeyOf, optionIdsOf } from "./option-ids";
import { sipHash, sipKeyOf } from "./siphash";

/** SipHash-2-4 written the obvious way, on BigInt: the reference the fast one is checked against. */
function reference(key: Uint8Array, words: bigint[]): bigint {
  const M = (1n << 64n) - 1n;
  const rotl = (x: bigint, b: bigint) => ((x << b) | (x >> (64n - b))) & M;
  const view = new DataView(key.buffer, key.byteOffset, 16);
  const k0 = view.getBigUint64(0, true);
  const k1 = view.getBigUint64(8, true);
  let v0 = k0 ^ 0x736f6d6570736575n;
  let v1 = k1 ^ 0x646f72616e646f6dn;
  let v2 = k0 ^ 0x6c7967656e657261n;
  let v3 = k1 ^ 0x7465646279746573n;
  const round = () => {
    v0 = (v0 + v1) & M;
    v1 = rotl(v1, 13n) ^ v0;
    v0 = rotl(v0, 32n);
    v2 = (v2 + v3) & M;
    v3 = rotl(v3, 16n) ^ v2;
    v0 = (v0 + v3) & M;
    v3 = rotl(v3, 21n) ^ v0;
    v2 = (v2 + v1) & M;
    v1 = rotl(v1, 17n) ^ v2;
    v2 = rotl(v2, 32n);
  };
  for (const m of [...words, BigInt(words.length * 8) << 56n]) {
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  }
  v2 ^= 0xffn;
  for (let i = 0; i < 4; i++) round();
  return (v0 ^ v1 ^ v2 ^ v3) & M;
}

const asBigInt = ([high, low]: [number, number]) => (BigInt(high) << 32n) | BigInt(low);

describe("SipHash-2-4", () => {
  it("matches the reference implementation's published vector for the empty message", () => {
    const key = Uint8Array.from({ length: 16 }, (_, i) => i);
    expect(asBigInt(sipHash(sipKeyOf(key), []))).toBe(0x726fdb47dd0e0e31n);
  });

  it("matches a plain BigInt SipHash on random keys and messages", () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 48271) + 11) >>> 0), seed);
    for (let n = 0; n < 500; n++) {
      const key = Uint8Array.from({ length: 16 }, () => random() & 0xff);
      const words = Array.from({ length: n % 4 }, () => (random() % 0x20_0000) * 0x1_0000_0000 + random());
      expect(asBigInt(sipHash(sipKeyOf(key), words))).toBe(reference(key, words.map(BigInt)));
    }
  });
});

describe("an attempt's option ids", () => {
  const ids = (attemptId: number) => new AttemptOptionIds(sipKeyOf(Uint8Array.from({ length: 16 }, (_, i) => 3 * i + 1)), attemptId);

  it("map a question's options one to one, both ways, as positive safe integers whatever order they come in", () => {
    const attempt = ids(41);
    for (let first = 1; first < 2000; first += 5) {
      const options = [first, first + 1, first + 2, first + 3, first + 4];
      const shown = attempt.shownIdsOf(options);
      expect(new Set(shown.values()).size).toBe(5);
      for (const id of shown.values()) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      expect(attempt.shownIdsOf([...options].reverse())).toEqual(new Map([...shown].reverse()));
      expect(attempt.storedChoice(new Set(options), attempt.shownChoice(options, [first + 3, first]))!.sort((a, b) => a - b)).toEqual([first, first + 3]);
    }
    expect(attempt.storedChoice([1, 2, 3], [1])).toBeNull();
    expect(attempt.storedChoice([1, 2, 3], [])).toEqual([]);
  });

  it("differ between attempts and are stable for one", () => {
    expect(ids(41).shownIdsOf([10, 11, 12])).toEqual(ids(41).shownIdsOf([10, 11, 12]));
    const other = [...ids(42).shownIdsOf([10, 11, 12]).values()];
    expect([...ids(41).shownIdsOf([10, 11, 12]).values()].filter((id) => other.includes(id))).toEqual([]);
  });
});

describe("the mappings a process keeps", () => {
  const services = { config: { jwtSecret: "k".repeat(32) } } as unknown as AppServices;

  it("answer as a new mapping would, and keep only the most recently used attempts", async () => {
    const first = await optionIdsOf(services, 1);
    const fresh = new AttemptOptionIds(await attemptIdKeyOf(services.config.jwtSecret), 1);
    expect([...first.shownIdsOf([11, 12, 13]).values()]).toEqual([...fresh.shownIdsOf([11, 12, 13]).values()]);
    // Kept while in use: the same mapping again (its hashes are not made twice).
    expect(await optionIdsOf(services, 1)).toBe(first);
    // Thousands of other attempts later, the first was let go and is made again, alike.
    for (let attemptId = 2; attemptId <= 2_001; attemptId++) await optionIdsOf(services, attemptId);
    const again = await optionIdsOf(services, 1);
    expect(again).not.toBe(first);
    expect([...again.shownIdsOf([11, 12, 13]).values()]).toEqual([...fresh.shownIdsOf([11, 12, 13]).values()]);
    // The most recent ones stay.
    expect(await optionIdsOf(services, 2_001)).toBe(await optionIdsOf(services, 2_001));
  });
});
