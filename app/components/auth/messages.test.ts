import { describe, expect, it } from "vitest";
import { schemaMessage } from "../../../api/services/core/coded";
import { AppError, DATABASE_BUSY, serviceErrorOf } from "../../../api/services/core/errors";
import { LoginInput, RegisterFormInput } from "../../../api/services/auth/schemas";
import { AUTH_MESSAGES } from "../../../api/services/auth/messages";
import { MESSAGE_CODES, refusalCodes, say } from "../../../api/services/message-codes";
import { AUTH_CODE_KEYS, translateMessage, type Translate } from "./messages";

// A stand-in for i18next's t: shows the key and its options, so the mapping is visible.
const t: Translate = (key, options) => (options ? `${key}${JSON.stringify(options)}` : key);

/** A refusal as the page gets it: its English text with its codes and values. */
function answerOf(error: unknown) {
  const refusal = serviceErrorOf(error) as AppError;
  return { message: refusal.message, errors: refusal.fieldErrors, ...refusalCodes(refusal) };
}

describe("translateMessage (by code and values, docs/decisions/0061)", () => {
  it("words the verbs' texts by their codes", () => {
    expect(translateMessage(t, say("LOGIN_INCORRECT"))).toBe("auth:errors.loginIncorrect");
    expect(translateMessage(t, say("KEYS_INCOMPLETE"))).toBe("auth:keys.incomplete");
    expect(translateMessage(t, say("NO_ACCOUNT_FOR_EMAIL", { email: "a@b.test" }))).toBe('auth:errors.noAccount{"email":"a@b.test"}');
    // A sign-in that met a database busy past its patience (a school signing in at once).
    expect(translateMessage(t, { message: DATABASE_BUSY, code: "SERVER_BUSY" })).toBe("auth:errors.serverBusy");
  });

  it("words the schemas' checks with the field's own label, from the API's answer and from the forms' instant check", () => {
    const refused = answerOf(LoginInput.safeParse({ password: "x" }).error);
    expect(refused).toMatchObject({ message: "Email is required", code: "FIELD_REQUIRED", params: { field: "email" }, errorCodes: { email: "FIELD_REQUIRED" }, errorParams: { email: { field: "email" } } });
    expect(translateMessage(t, { message: "Email is required", code: "FIELD_REQUIRED", params: { field: "email" } })).toBe(
      'auth:validation.required{"field":"email","name":"fields.email"}',
    );
    // The form's own check holds the schema's coded message (no server, no English).
    const typed = RegisterFormInput.safeParse({ password: "short" }).error?.issues.find((issue) => issue.path[0] === "password")?.message ?? "";
    expect(typed).toBe(schemaMessage("FIELD_TOO_SHORT", { field: "password", min: 12 }));
    expect(translateMessage(t, typed)).toBe('auth:validation.minLength{"field":"password","min":12,"name":"fields.password"}');
    expect(translateMessage(t, schemaMessage("FIELD_REQUIRED", { field: "confirmPassword" }))).toBe('auth:validation.required{"field":"confirmPassword","name":"fields.confirmPassword"}');
    expect(translateMessage(t, schemaMessage("PASSWORD_MISMATCH"))).toBe("auth:validation.mismatch");
  });

  it("keeps the API's texts as the spec writes them", () => {
    expect(answerOf(LoginInput.safeParse({ email: "x".repeat(300) + "@b.test", password: "p" }).error).errors).toEqual({ email: "Email must be at most 254 characters" });
    expect(answerOf(RegisterFormInput.safeParse({ password: "short" }).error).errors?.password).toBe("Password must be at least 12 characters");
    const filled = { email: "a@b.co", fullname: "A", username: "a", password: "Vq7#pL2!zR9m-quiz", userType: "Student", acceptTerms: true };
    expect(answerOf(RegisterFormInput.safeParse({ ...filled, confirmPassword: "other" }).error).errors?.confirmPassword).toBe(
      "Password and Confirm Password didn't match.",
    );
  });

  it("names an unknown field as the code's value gives it", () => {
    expect(translateMessage(t, { message: "Nickname is not valid", code: "FIELD_NOT_VALID", params: { field: "nickname" } })).toBe(
      'auth:validation.notValid{"field":"nickname","name":"nickname"}',
    );
  });

  it("chooses by the code, never by the words: a reworded text keeps its translation", () => {
    expect(translateMessage(t, { message: "Too many failed sign-in attempts. Please try again in 1 minute.", code: "SIGN_IN_THROTTLED", params: { minutes: 1 } })).toBe(
      'auth:errors.throttled{"minutes":1}',
    );
    expect(translateMessage(t, { message: "reworded", code: "SIGN_IN_THROTTLED", params: { minutes: 3 } })).toBe('auth:errors.throttled{"minutes":3}');
    expect(translateMessage(t, { message: "reworded", code: "TOO_MANY_ATTEMPTS", params: { minutes: 42 } })).toBe('auth:errors.tooManyAttempts{"minutes":42}');
    expect(translateMessage(t, { message: "reworded", code: "LOGIN_INCORRECT" })).toBe("auth:errors.loginIncorrect");
    // The English text alone (no code) chooses nothing.
    expect(translateMessage(t, AUTH_MESSAGES.LOGIN_INCORRECT)).toBe(AUTH_MESSAGES.LOGIN_INCORRECT);
  });

  it("shows an unknown message unchanged", () => {
    expect(translateMessage(t, "Something new happened")).toBe("Something new happened");
  });
});

describe("the auth texts' words", async () => {
  const files: Record<string, unknown> = {
    auth: (await import("../../../locales/en/auth.json")).default,
    security: (await import("../../../locales/en/security.json")).default,
  };
  const lookup = (key: string) => {
    const [namespace, path] = key.split(":");
    return path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], files[namespace]) as string;
  };
  const SAID_DIFFERENTLY = new Set(["TEACHER_SIGNUP_CLOSED", "SESSION_NOT_FOUND", "PASSWORD_RESET_DONE", "SELF_SERVICE_USER_TYPE_INVALID", "BODY_NOT_AN_OBJECT"]);

  it.each(Object.keys(AUTH_MESSAGES))("%s is worded by the pages, in English as the API says it", (code) => {
    const key = AUTH_CODE_KEYS[code as keyof typeof AUTH_CODE_KEYS];
    expect(key, code).toBeDefined();
    const english = MESSAGE_CODES[code as keyof typeof MESSAGE_CODES];
    if (typeof english === "string" && !english.includes("{{") && !SAID_DIFFERENTLY.has(code)) expect(lookup(key!)).toBe(english);
  });
});
