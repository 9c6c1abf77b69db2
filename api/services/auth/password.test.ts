import { describe, expect, it } from "vitest";
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from "./password";

describe("password hashes (ASVS 2.4.1, 2.4.2, 2.4.4)", () => {
  it("stores argon2id at m=19 MiB, t=2, p=1 with a fresh 128-bit salt and a 256-bit digest", async () => {
    const [first, second] = await Promise.all([hashPassword("harbor lantern 58"), hashPassword("harbor lantern 58")]);
    const phc = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
    const [, salt1, digest1] = phc.exec(first)!;
    const [, salt2] = phc.exec(second)!;
    expect(atob(salt1)).toHaveLength(16);
    expect(atob(digest1)).toHaveLength(32);
    expect(salt1).not.toBe(salt2); // the same password never gives the same stored value
    expect(first).not.toBe(second);
  });

  it("verifies the right password only, and nothing against the dummy or a malformed hash", async () => {
    const stored = await hashPassword("harbor lantern 58");
    expect(await verifyPassword("harbor lantern 58", stored)).toBe(true);
    expect(await verifyPassword("harbor lantern 59", stored)).toBe(false);
    expect(await verifyPassword("", DUMMY_PASSWORD_HASH)).toBe(false);
    expect(await verifyPassword("harbor lantern 58", "plain-text")).toBe(false);
  });
});
