import { describe, expect, it } from "vitest";
import { KEYS_INCOMPLETE, translateMessage, type Translate } from "./messages";

// A stand-in for i18next's t: shows the key and its options, so the mapping is visible.
const t: Translate = (key, options) => (options ? `${key}${JSON.stringify(options)}` : key);

describe("translateMessage", () => {
  it("maps the spec's exact texts to their keys", () => {
    expect(translateMessage(t, "The login detail is incorrect")).toBe("errors.loginIncorrect");
    expect(translateMessage(t, "Password and Confirm Password didn't match.")).toBe("validation.mismatch");
    expect(translateMessage(t, "Accepting terms & conditions are required")).toBe("validation.termsRequired");
    expect(translateMessage(t, "Public key is invalid")).toBe("validation.publicKeyInvalid");
    expect(translateMessage(t, KEYS_INCOMPLETE)).toBe("keys.incomplete");
  });

  it("translates '{name} is required' with the field's own label", () => {
    expect(translateMessage(t, "Email is required")).toBe('validation.required{"name":"fields.email"}');
    expect(translateMessage(t, "Confirm Password is required")).toBe('validation.required{"name":"fields.confirmPassword"}');
  });

  it("keeps an unknown field name as sent", () => {
    expect(translateMessage(t, "Nickname is not valid")).toBe('validation.notValid{"name":"Nickname"}');
  });

  it("carries numbers and e-mails into the translation", () => {
    expect(translateMessage(t, "Password must be at least 8 characters")).toBe(
      'validation.minLength{"name":"fields.password","min":"8"}',
    );
    expect(translateMessage(t, "No account found for a@b.test")).toBe('errors.noAccount{"email":"a@b.test"}');
    expect(translateMessage(t, "Too many failed sign-in attempts. Please try again in 1 minute.")).toBe(
      'errors.throttled{"minutes":"1"}',
    );
  });

  it("shows an unknown message unchanged", () => {
    expect(translateMessage(t, "Something new happened")).toBe("Something new happened");
  });
});
