import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./secret-box";

const KEY = "k".repeat(32);
const place = { businessId: 7, column: "cardSecretKey" };

describe("secret box (AES-GCM via Web Crypto)", () => {
  it("round-trips, with a fresh IV each time", async () => {
    const one = await encryptSecret(KEY, place, "sk_test_abc");
    const two = await encryptSecret(KEY, place, "sk_test_abc");
    expect(one).not.toBe(two);
    expect(one).not.toContain("sk_test_abc");
    expect(await decryptSecret(KEY, place, one)).toBe("sk_test_abc");
  });

  it("refuses a tampered, truncated or foreign value (null, never a throw)", async () => {
    const sealed = await encryptSecret(KEY, place, "sk_test_abc");
    const [version, iv, body] = sealed.split(".");
    // Change the second-to-last character (all of its bits are ciphertext or tag) to another one.
    const replaced = body.at(-2) === "A" ? "B" : "A";
    const flipped = `${version}.${iv}.${body.slice(0, -2)}${replaced}${body.slice(-1)}`;
    for (const bad of [flipped, `${version}.${iv}`, "plaintext", `v2.${iv}.${body}`, "v1.!!.!!"]) {
      expect(await decryptSecret(KEY, place, bad), bad).toBeNull();
    }
    expect(await decryptSecret(KEY, { ...place, businessId: 8 }, sealed)).toBeNull();
  });
});
