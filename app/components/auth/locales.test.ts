import { describe, expect, it } from "vitest";
import { loadMessages } from "../../../locales/messages.node";

// Completeness in every language is checked for all namespaces in locales/locales.test.ts.
const messages = loadMessages("auth");

describe("locales/*/auth.json", () => {
  it("has the spec's English texts", () => {
    expect(loadMessages("common").en["ui.pleaseWait"]).toBe("Please wait...");
    expect(messages.en["validation.mismatch"]).toBe("Password and Confirm Password didn't match.");
    expect(messages.en["validation.termsRequired"]).toBe("Accepting terms & conditions are required");
    expect(messages.en["keys.incomplete"]).toBe("Please provide all data i.e. public key, private key and module id.");
    expect(messages.en["errors.loginIncorrect"]).toBe("The login detail is incorrect");
    expect(messages.en["registration.selectRole"]).toBe("Select your role");
  });
});
