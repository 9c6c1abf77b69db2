import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "./password";

const PEPPER = "a-pepper-of-at-least-32-characters-long";

describe("password hashes (ASVS 2.4.1, 2.4.2)", () => {
  it("stores argon2id at m=19 MiB, t=2, p=1 with a fresh 128-bit salt and a 256-bit digest", async () => {
    const [first, second] = await Promise.all([hashPassword("harbor lantern 58", null), hashPassword("harbor lantern 58", null)]);
    const phc = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
    const [, salt1, digest1] = phc.exec(first)!;
    const [, salt2] = phc.exec(second)!;
    expect(atob(salt1)).toHaveLength(16);
    expect(atob(digest1)).toHaveLength(32);
    expect(salt1).not.toBe(salt2); // the same password never gives the same stored value
    expect(first).not.toBe(second);
  });

  it("verifies the right password only, and nothing against the dummy or a malformed hash", async () => {
    const stored = await hashPassword("harbor lantern 58", null);
    expect(await verifyPassword("harbor lantern 58", stored, null)).toBe(true);
    expect(await verifyPassword("harbor lantern 59", stored, null)).toBe(false);
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH, null)).toBe(false);
    expect(await verifyPassword("harbor lantern 58", "plain-text", null)).toBe(false);
  });
});

describe("the pepper (ASVS 2.4.5)", () => {
  it("keys the hash with the secret: it verifies with that pepper only, never without or with another", async () => {
    const stored = await hashPassword("harbor lantern 58", PEPPER);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1,keyid=AQ\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(await verifyPassword("harbor lantern 58", stored, PEPPER)).toBe(true);
    expect(await verifyPassword("harbor lantern 59", stored, PEPPER)).toBe(false);
    expect(await verifyPassword("harbor lantern 58", stored, null)).toBe(false);
    expect(await verifyPassword("harbor lantern 58", stored, `${PEPPER}-rotated`)).toBe(false);
    // Dropping the marker does not turn it into a plain hash of the same password.
    expect(await verifyPassword("harbor lantern 58", stored.replace(",keyid=AQ", ""), PEPPER)).toBe(false);
  });

  it("still verifies hashes made before the pepper, and asks for them to be stored again", async () => {
    const old = await hashPassword("harbor lantern 58", null);
    expect(await verifyPassword("harbor lantern 58", old, PEPPER)).toBe(true);
    expect(needsRehash(old, PEPPER)).toBe(true);
    expect(needsRehash(old, null)).toBe(false);
    expect(needsRehash(await hashPassword("harbor lantern 58", PEPPER), PEPPER)).toBe(false);
  });
});
