/**
 * The proof issue 25 point 9 asks (docs/decisions/0061-codes-and-params.md): an English server
 * message reworded at run time reaches the client with the same code (the API's answer) and the
 * sign-in pages still show the same words in the reader's language, because they translate the
 * code and its values, never the English text. Through the real API (a migrated database, the
 * real sign-in verb and schema) and the real locale files.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_CODES, type MessageCode } from "../../../api/services/message-codes";
import { type AuthApp, authSchool, fromNewAddress, post, type Tenant } from "../../../api/routes/__tests__/auth-helpers.node.ts";
import { loadMessages } from "../../../locales/messages.node";
import { translateMessage } from "./messages";

/** The auth pages' t over one language's real locale files (`auth:` and `security:` keys). */
const translator = (language: "fr" | "ja") => (key: string, values?: Record<string, unknown>) => {
  const [namespace, path] = key.includes(":") ? key.split(":") : ["auth", key];
  const text = loadMessages(namespace)[language]?.[path];
  if (text === undefined) return `MISSING ${key}`;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? `{{${name}}}`));
};

const original = { ...MESSAGE_CODES };
const reword = (code: MessageCode, text: (typeof MESSAGE_CODES)[MessageCode]) => Object.assign(MESSAGE_CODES, { [code]: text });
afterEach(() => Object.assign(MESSAGE_CODES, original));

describe("a reworded English sign-in message", () => {
  let app: AuthApp, tenant: Tenant;
  beforeAll(async () => {
    ({ app, tenant } = await authSchool("Reworded School"));
  });

  const wrongPassword = () => post(app, "/login", { email: tenant.student.email, password: "not the password" }, fromNewAddress());
  const missingEmail = () => post(app, "/login", { password: "whatever" }, fromNewAddress());

  it("keeps its code in the API's answer and its French words on the page", async () => {
    const t = translator("fr");
    const before = await wrongPassword();
    expect(before.body).toEqual({ code: "LOGIN_INCORRECT", message: "The login detail is incorrect" });
    reword("LOGIN_INCORRECT", "E-mail or password wrong");
    const after = await wrongPassword();
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: "LOGIN_INCORRECT", message: "E-mail or password wrong" });
    expect(translateMessage(t, after.body)).toBe(translateMessage(t, before.body));
    expect(translateMessage(t, after.body)).not.toMatch(/wrong|MISSING/);
  });

  it("keeps a schema check's code and values (the field) and its Japanese words, the field's label included", async () => {
    const t = translator("ja");
    const before = await missingEmail();
    expect(before.body).toMatchObject({ message: "Email is required", code: "FIELD_REQUIRED", errorCodes: { email: "FIELD_REQUIRED" }, errorParams: { email: { field: "email" } } });
    reword("FIELD_REQUIRED", (params) => `Please fill in ${String(params.field)}`);
    const after = await missingEmail();
    expect(after.body).toMatchObject({ message: "Please fill in email", code: "FIELD_REQUIRED", errors: { email: "Please fill in email" }, errorParams: { email: { field: "email" } } });
    expect(translateMessage(t, after.body)).toBe(translateMessage(t, before.body));
    expect(translateMessage(t, after.body)).toContain(translator("ja")("fields.email"));
  });
});
