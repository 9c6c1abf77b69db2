import { describe, expect, it } from "vitest";
import { canonicalRecoveryCode, newRecoveryCode } from "./recovery-codes";
import { asTotpCode, matchingTotpStep, newTotpSecret, totpEnrolment } from "./totp";

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", here in base32; its 8-digit
// code at T = 59 s is 94287082, so the 6-digit one is 287082, in step 1.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238, SHA-1, 6 digits, 30 s)", () => {
  it("matches the RFC's test vector and names its step", () => {
    expect(matchingTotpStep(RFC_SECRET, "287082", new Date(59_000))).toBe(1);
    expect(matchingTotpStep(RFC_SECRET, "287 082", new Date(59_000))).toBe(1);
    expect(matchingTotpStep(RFC_SECRET, "287083", new Date(59_000))).toBeNull();
  });

  it("accepts one step either side of now and no further", () => {
    expect(matchingTotpStep(RFC_SECRET, "287082", new Date(59_000 + 30_000))).toBe(1);
    expect(matchingTotpStep(RFC_SECRET, "287082", new Date(59_000 - 30_000))).toBe(1);
    expect(matchingTotpStep(RFC_SECRET, "287082", new Date(59_000 + 60_000))).toBeNull();
  });

  it("takes only six digits as an app code", () => {
    for (const code of ["12345", "1234567", "12a456", "", "abcd-efgh"]) expect(asTotpCode(code)).toBeNull();
    expect(asTotpCode(" 123 456 ")).toBe("123456");
  });

  it("makes 160-bit secrets and a key URI with the parameters apps read", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const { otpauthUrl, qrSvg } = totpEnrolment(secret, "a@b.test", "Quiz (quiz.test)");
    expect(otpauthUrl).toBe(`otpauth://totp/Quiz%20(quiz.test):a%40b.test?issuer=Quiz%20(quiz.test)&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(qrSvg.startsWith("<svg")).toBe(true);
  });
});

describe("recovery codes", () => {
  it("are six groups of four unambiguous base32 characters, all different", () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){5}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("read the same however they are typed; anything else is no recovery code", () => {
    expect(canonicalRecoveryCode(" ABCD-EFGH jkmn-pqrs-tvwx-yz01 ")).toBe("abcdefghjkmnpqrstvwxyz01");
    expect(canonicalRecoveryCode("0OIL-1111-1111-1111-1111-1111")).toBe(`0011${"1".repeat(20)}`);
    expect(canonicalRecoveryCode("abcd-efgh-jkmn-pqrs-tvwx-yz0")).toBeNull();
    expect(canonicalRecoveryCode("abcd-efgh-jkmn-pqrs-tvwx-yz0u")).toBeNull();
    expect(canonicalRecoveryCode("123456")).toBeNull();
  });
});
