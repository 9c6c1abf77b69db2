import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// auth.json must be complete in every language: same keys, same placeholders.
const LANGUAGES = ["en", "fr", "de", "es", "ja", "zh"] as const;
const root = path.resolve(import.meta.dirname, "../../../locales");

function flatten(value: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (child && typeof child === "object") Object.assign(out, flatten(child, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(child);
  }
  return out;
}

const messages = Object.fromEntries(
  LANGUAGES.map((language) => [language, flatten(JSON.parse(readFileSync(path.join(root, language, "auth.json"), "utf8")))]),
) as Record<(typeof LANGUAGES)[number], Record<string, string>>;

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("locales/*/auth.json", () => {
  it("has the spec's English texts", () => {
    expect(messages.en["ui.pleaseWait"]).toBe("Please wait...");
    expect(messages.en["validation.mismatch"]).toBe("Password and Confirm Password didn't match.");
    expect(messages.en["validation.termsRequired"]).toBe("Accepting terms & conditions are required");
    expect(messages.en["keys.incomplete"]).toBe("Please provide all data i.e. public key, private key and module id.");
    expect(messages.en["errors.loginIncorrect"]).toBe("The login detail is incorrect");
    expect(messages.en["registration.selectRole"]).toBe("Select your role");
  });

  for (const language of LANGUAGES.filter((code) => code !== "en")) {
    it(`${language} has exactly the English keys with the same placeholders`, () => {
      expect(Object.keys(messages[language]).sort()).toEqual(Object.keys(messages.en).sort());
      for (const [key, text] of Object.entries(messages.en)) {
        expect(placeholders(messages[language][key]), `${language}:${key}`).toEqual(placeholders(text));
      }
    });

    it(`${language} leaves no sentence in English`, () => {
      const untranslated = Object.entries(messages.en)
        .filter(([key, text]) => text.split(" ").length > 2 && messages[language][key] === text)
        .map(([key]) => key);
      expect(untranslated).toEqual([]);
    });
  }
});
