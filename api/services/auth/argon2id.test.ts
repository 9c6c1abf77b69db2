import { argon2idAsync } from "@noble/hashes/argon2.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadWasmArgon2id } from "../../../server/argon2id.node.ts";
import { lazyArgon2id, pureJsArgon2id } from "./argon2id";
import { type Argon2id } from "../core/password-hashing";
import { DUMMY_PASSWORD_HASH, hashPassword, installArgon2id, verifyPassword } from "./password";

const PEPPER = "a-pepper-of-at-least-32-characters-long";
const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Hashes stored by the previous implementation (pure-JS @noble/hashes argon2idAsync through
 * the password.ts of commit 1dde205), copied here verbatim: whatever computes argon2id now
 * must keep verifying them.
 */
const STORED_BY_NOBLE: [password: string, pepper: string | null, phc: string][] = [
  ["harbor lantern 58", null, "$argon2id$v=19$m=19456,t=2,p=1$nF7SWG416Nn9sno39xA1Yw$BkHTyasZgo+WVL6Xj0ippMWcIxH0GxnjO7+Kj/D8eoY"],
  ["Grüße, 世界 🌍 passphrase", null, "$argon2id$v=19$m=19456,t=2,p=1$b9yvkTUZB0Hy6/o7VeH6hA$8P+hG6Is3tOZfatKNlJq+xZeD7o+aWz6/AqGnfWHZIU"],
  ["harbor lantern 58", PEPPER, "$argon2id$v=19$m=19456,t=2,p=1,keyid=AQ$ERp9NJ2Z9fPmq8ggnBZlNg$o0A/nmCCALtgwtSnPuAePvM3XtUo9IQY1ZK/5dtl0is"],
  ["", null, "$argon2id$v=19$m=19456,t=2,p=1$0YgbqkoGzX+K8VfUHK7yLw$aQD9dJXHCiEFuVo9JTdtzwoIasvjm/qbs5xjLnAWeRg"],
  ["x", null, "$argon2id$v=19$m=19456,t=2,p=1$7eTPryLSirfYG0yyUN5ypA$C2jVDbge9Srt6NE7nSADgp9n4azRaeUJhP1PIrQz1XI"],
];

describe("WASM argon2id gives the bytes of the pure-JS one", () => {
  let wasm: Argon2id;
  beforeAll(async () => {
    wasm = await loadWasmArgon2id();
  });

  const salt = new Uint8Array(16).map((_, i) => i * 17);
  it.each([
    ["an ordinary password", utf8("harbor lantern 58")],
    ["non-ASCII text", utf8("Grüße, 世界 🌍")],
    ["32 bytes of HMAC (a peppered password)", new Uint8Array(32).map((_, i) => 255 - i)],
    ["an empty password (the package refuses it: the pure-JS path)", new Uint8Array(0)],
    ["one byte below 8 (also refused by the package)", new Uint8Array([5])],
    ["one printable byte", utf8("x")],
    ["128 characters", utf8("p".repeat(128))],
  ])("%s", async (_name, password) => {
    for (const cost of [
      { m: 8, t: 1, p: 1, dkLen: 32 }, // the cheapest, as auth-login.test.ts stores
      { m: 64, t: 3, p: 2, dkLen: 16 },
      { m: 256, t: 1, p: 4, dkLen: 64 },
    ]) {
      const input = { password, salt, ...cost };
      expect(hex(await wasm(input))).toBe(hex(await argon2idAsync(password, salt, cost)));
    }
  });

  it("at the stored cost (m = 19 MiB, t = 2, p = 1)", async () => {
    const input = { password: utf8("harbor lantern 58"), salt, m: 19456, t: 2, p: 1, dkLen: 32 };
    expect(hex(await wasm(input))).toBe(hex(await pureJsArgon2id(input)));
  });
});

describe("stored hashes survive the change of implementation", () => {
  let wasm: Argon2id;
  beforeAll(async () => {
    wasm = await loadWasmArgon2id();
    installArgon2id(wasm);
  });
  // The setup file's choice (api/test-support/argon2id-setup.node.ts) for the files after this one.
  afterAll(() => installArgon2id(lazyArgon2id(loadWasmArgon2id)));

  it.each(STORED_BY_NOBLE)("a hash @noble stored for %j (pepper %s) verifies with WASM", async (password, pepper, phc) => {
    expect(await verifyPassword(password, phc, pepper)).toBe(true);
    expect(await verifyPassword(`${password}!`, phc, pepper)).toBe(false);
  });

  it("a hash stored with WASM verifies with @noble, with and without a pepper", async () => {
    installArgon2id(wasm);
    const plain = await hashPassword("harbor lantern 58", null);
    const peppered = await hashPassword("harbor lantern 58", PEPPER);
    installArgon2id(pureJsArgon2id);
    expect(await verifyPassword("harbor lantern 58", plain, null)).toBe(true);
    expect(await verifyPassword("harbor lantern 58", peppered, PEPPER)).toBe(true);
    expect(await verifyPassword("harbor lantern 58", peppered, null)).toBe(false);
    installArgon2id(wasm);
  });

  it("password.ts computes with the implementation installed, at the stored cost", async () => {
    const seen: { m: number; t: number; p: number; dkLen: number }[] = [];
    installArgon2id(async (input) => {
      seen.push({ m: input.m, t: input.t, p: input.p, dkLen: input.dkLen });
      return wasm(input);
    });
    const stored = await hashPassword("harbor lantern 58", PEPPER);
    expect(await verifyPassword("harbor lantern 58", stored, PEPPER)).toBe(true);
    expect(await verifyPassword("harbor lantern 58", STORED_BY_NOBLE[0][2], null)).toBe(true);
    expect(seen).toEqual(Array(3).fill({ m: 19456, t: 2, p: 1, dkLen: 32 }));
    installArgon2id(wasm);
  });

  it("the dummy hash of unknown accounts matches nothing under either", async () => {
    for (const implementation of [wasm, pureJsArgon2id]) {
      installArgon2id(implementation);
      expect(await verifyPassword("", DUMMY_PASSWORD_HASH, null)).toBe(false);
      expect(await verifyPassword("harbor lantern 58", DUMMY_PASSWORD_HASH, PEPPER)).toBe(false);
    }
    installArgon2id(wasm);
  });
});

describe("lazyArgon2id", () => {
  it("loads once, at the first hash, and tries again after a failed load", async () => {
    let loads = 0;
    const hash = lazyArgon2id(async () => {
      loads++;
      if (loads === 1) throw new Error("not yet");
      return pureJsArgon2id;
    });
    expect(loads).toBe(0);
    const input = { password: utf8("abc"), salt: new Uint8Array(8), m: 8, t: 1, p: 1, dkLen: 32 };
    await expect(hash(input)).rejects.toThrow("not yet");
    await Promise.all([hash(input), hash(input)]);
    expect(loads).toBe(2);
  });
});
