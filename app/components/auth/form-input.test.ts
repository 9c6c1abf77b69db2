import { schemaMessage } from "../../../api/services/core/coded";
import { describe, expect, it } from "vitest";
import { RegisterFormInput, ResetPasswordInput } from "../../../api/services/auth/schemas";
import { keyLoginInput, registrationInput, resetPasswordInput } from "./form-input";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.append(key, value);
  return data;
}

const complete = {
  email: "New@Example.test",
  fullname: "New Student",
  username: "newbie",
  userType: "Student",
  password: "Secret-123-harbor",
  confirmPassword: "Secret-123-harbor",
};

describe("registrationInput", () => {
  it("reads a ticked box as accepted terms", () => {
    expect(registrationInput(form({ ...complete, acceptTerms: "true" })).acceptTerms).toBe(true);
    expect(registrationInput(form({ ...complete, acceptTerms: "on" })).acceptTerms).toBe(true);
  });

  it("produces what the registration schema accepts", () => {
    const parsed = RegisterFormInput.safeParse(registrationInput(form({ ...complete, acceptTerms: "on" })));
    expect(parsed.success).toBe(true);
  });

  it("reports missing terms and role with the schema's messages", () => {
    const { userType: _omit, ...withoutRole } = complete;
    const parsed = RegisterFormInput.safeParse(registrationInput(form(withoutRole)));
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => [issue.path[0], issue.message]);
    // The schema's coded message (docs/decisions/0061), which the page words by its code.
    expect(messages).toContainEqual(["acceptTerms", schemaMessage("TERMS_REQUIRED")]);
    expect(messages?.some(([path]) => path === "userType")).toBe(true);
  });
});

describe("keyLoginInput", () => {
  it("leaves absent keys undefined", () => {
    expect(keyLoginInput(form({ public_key: "pub" }))).toEqual({ public_key: "pub", private_key: undefined, module_id: undefined });
  });
});

describe("resetPasswordInput", () => {
  it("takes the token from the URL, not the form", () => {
    const input = resetPasswordInput(form({ token: "forged", password: "Secret-123-harbor", confirmPassword: "Secret-123-harbor" }), "from-url");
    expect(input.token).toBe("from-url");
    expect(ResetPasswordInput.safeParse(input).success).toBe(true);
  });
});
