import { describe, expect, it } from "vitest";
import { DATABASE_BUSY } from "../../../api/services/core/errors";
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
    // A sign-in that met a database busy past its patience (a school signing in at once).
    expect(translateMessage(t, DATABASE_BUSY)).toBe("errors.serverBusy");
  });

  it("translates '{name} is required' with the field's own label", () => {
    expect(translateMessage(t, "Email is required")).toBe('validation.required{"name":"fields.email"}');
    expect(translateMessage(t, "Confirm Password is required")).toBe('validation.required{"name":"fields.confirmPassword"}');
  });

  it("keeps an unknown field name as sent", () => {
    expect(translateMessage(t, "Nickname is not valid")).toBe('validation.notValid{"name":"Nickname"}');
  });

  it("carries numbers and e-mails into the translation", () => {
    expect(translateMessage(t, "Password must be at least 12 characters")).toBe(
      'validation.minLength{"name":"fields.password","min":"12"}',
    );
    expect(translateMessage(t, "No account found for a@b.test")).toBe('errors.noAccount{"email":"a@b.test"}');
    // Said by code since ADR 0061: its code and values, not its words, choose the translation.
    expect(translateMessage(t, { message: "Too many failed sign-in attempts. Please try again in 1 minute.", code: "SIGN_IN_THROTTLED", params: { minutes: 1 } })).toBe(
      'auth:errors.throttled{"minutes":1}',
    );
    expect(translateMessage(t, { message: "reworded", code: "SIGN_IN_THROTTLED", params: { minutes: 3 } })).toBe('auth:errors.throttled{"minutes":3}');
    expect(translateMessage(t, { message: "reworded", code: "TOO_MANY_ATTEMPTS", params: { minutes: 42 } })).toBe('auth:errors.tooManyAttempts{"minutes":42}');
  });

  it("shows an unknown message unchanged", () => {
    expect(translateMessage(t, "Something new happened")).toBe("Something new happened");
  });
});

describe("issue 6 texts: e-mail confirmation and the provider request", async () => {
  const en: unknown = (await import("../../../locales/en/auth.json")).default;
  const lookup: Translate = (key) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en) as string;
  const provider = await import("../../../api/services/auth/login-with-provider");
  const request = await import("../../../api/services/auth/provider-request");
  const account = await import("../../../api/services/auth/provider-account");
  const verify = await import("../../../api/services/auth/verify-email");
  const resend = await import("../../../api/services/auth/resend-email-verification");
  const texts = [
    account.UNCONFIRMED_ACCOUNT,
    provider.PROVIDER_REQUEST_MISSING,
    provider.PROVIDER_STATE_MISMATCH,
    provider.PROVIDER_NONCE_MISMATCH,
    request.PROVIDER_REQUEST_USED,
    verify.EMAIL_CONFIRMED,
    verify.VERIFY_LINK_INVALID,
    verify.VERIFY_LINK_USED,
    verify.VERIFY_LINK_EXPIRED,
    resend.VERIFICATION_SENT,
    resend.ALREADY_CONFIRMED,
    resend.VERIFICATION_COOLDOWN,
  ];

  it.each(texts)("'%s' has an auth.json key (same English text)", (text) => {
    const key = translateMessage((k) => k, text);
    expect(key).not.toBe(text);
    expect(lookup(key)).toBe(text);
  });
});

describe("two-step sign-in texts", async () => {
  const files: Record<string, unknown> = {
    auth: (await import("../../../locales/en/auth.json")).default,
    security: (await import("../../../locales/en/security.json")).default,
  };
  const lookup = (key: string) => {
    const [namespace, path] = key.includes(":") ? key.split(":") : ["auth", key];
    return path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], files[namespace]) as string;
  };
  const factor = await import("../../../api/services/auth/mfa/second-factor");
  const step = await import("../../../api/services/auth/mfa/login-second-step");
  const setup = await import("../../../api/services/auth/mfa/start-mfa-setup");
  const enable = await import("../../../api/services/auth/mfa/enable-mfa");
  const disable = await import("../../../api/services/auth/mfa/disable-mfa");
  const texts = [factor.MFA_CODE_WRONG, step.MFA_SIGN_IN_EXPIRED, setup.MFA_ALREADY_ON, enable.MFA_NOT_STARTED, enable.MFA_CODE_WRONG_AT_SETUP, disable.MFA_NOT_ON];

  it.each(texts)("'%s' has a key with the same English text", (text) => {
    const key = translateMessage((k) => k, text);
    expect(key).not.toBe(text);
    expect(lookup(key)).toBe(text);
  });

  it("names the code field", () => {
    expect(translateMessage(t, "Code is required")).toBe('validation.required{"name":"fields.code"}');
  });
});
