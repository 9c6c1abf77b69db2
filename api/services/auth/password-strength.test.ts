import { describe, expect, it } from "vitest";
import { AUTH_CODE_KEYS } from "../../../app/components/auth/messages";
import { Invalid } from "../core/errors";
import { assertStrongPassword, MIN_PASSWORD_SCORE, passwordScore, WEAK_PASSWORD } from "./password-strength";

const alice = { email: "alice@school.test", fullname: "Alice Smith", username: "alice" };

describe("password strength", () => {
  it.each(["12345678", "password1", "Passw0rd!", "qwertyuiop", "iloveyou123", "Secret123!"])("refuses the well-known %s", async (password) => {
    expect(await passwordScore(password)).toBeLessThan(MIN_PASSWORD_SCORE);
  });

  it("refuses what the user is known by: alice2024 for alice, the e-mail, the name", async () => {
    for (const password of ["alice2024", "alice@school.test", "AliceSmith1"]) {
      await expect(assertStrongPassword(password, alice), password).rejects.toThrow(WEAK_PASSWORD);
    }
  });

  it("accepts unrelated words and long random strings", async () => {
    for (const password of ["Lantern-orbit-meadow-72", "correct horse battery staple", "x9$Lq!vR2#pT8wZ"]) {
      await expect(assertStrongPassword(password, alice), password).resolves.toBeUndefined();
    }
  });

  it("puts the message on the named field (400)", async () => {
    const error = await assertStrongPassword("12345678", {}, "newPassword").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Invalid);
    expect((error as Invalid).status).toBe(400);
    expect((error as Invalid).fieldErrors).toEqual({ newPassword: WEAK_PASSWORD });
    expect([(error as Invalid).code, (error as Invalid).fieldCodes]).toEqual(["PASSWORD_WEAK", { newPassword: { code: "PASSWORD_WEAK" } }]);
  });

  it("is said by a code the UI words (never by its English text)", () => {
    expect(AUTH_CODE_KEYS.PASSWORD_WEAK).toBe("auth:validation.passwordWeak");
  });
});
