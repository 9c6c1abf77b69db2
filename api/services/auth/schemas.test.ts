import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "../core/errors";
import { KeyLoginInput, RegisterFormInput, RegisterInput } from "./schemas";
// The catalogue renders the schemas' coded messages in English (core/coded.ts), as the API does.
import "../message-codes";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : zodFieldErrors(result.error as Parameters<typeof zodFieldErrors>[0]);

describe("auth schemas shared with the UI", () => {
  const filled = { email: "a@b.co", fullname: "A", username: "a", password: "123456789012", confirmPassword: "123456789012", userType: "Teacher", acceptTerms: true };

  it("the registration form requires every field and accepted terms (spec 5)", () => {
    expect(RegisterFormInput.safeParse(filled).success).toBe(true);
    expect(errorsOf(RegisterFormInput.safeParse({ ...filled, confirmPassword: undefined, userType: undefined, acceptTerms: false }))).toEqual({
      confirmPassword: "Confirm Password is required",
      userType: "User type is not valid",
      acceptTerms: "Accepting terms & conditions are required",
    });
    expect(errorsOf(RegisterFormInput.safeParse({ ...filled, confirmPassword: "123456789" }))).toEqual({
      confirmPassword: "Password and Confirm Password didn't match.",
    });
  });

  it("the API's registration defaults the user type to Student and normalises the e-mail", () => {
    const parsed = RegisterInput.parse({ email: " A@B.CO ", fullname: " A ", username: "a", password: "123456789012" });
    expect(parsed).toMatchObject({ email: "a@b.co", fullname: "A", userType: "Student" });
  });

  it("key login reports the spec's one message per field", () => {
    expect(errorsOf(KeyLoginInput.safeParse({ public_key: " ", private_key: null }))).toEqual({
      public_key: "Public key is invalid",
      private_key: "Private key is invalid",
      module_id: "Module id is invalid",
    });
  });
});
