/**
 * The launch's pages are worded in all six languages (locales/<lang>/lti.json `launch.*`):
 * every refusal code has its words, every language the English keys and placeholders, and no
 * sentence is left in English. (The `lti` namespace is server-drawn, so the UI's locale test,
 * which walks app/i18n NAMESPACES, does not see it.)
 */
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES, loadMessages, placeholdersOf } from "../../../../locales/messages.node";
import { refusalPage } from "./launch-pages";
import { LTI_REFUSAL_CODES } from "./refusals";

const messages = loadMessages("lti");
const launchKeys = (language: (typeof LANGUAGE_CODES)[number]) => Object.keys(messages[language]).filter((key) => key.startsWith("launch."));

describe("locales/*/lti.json launch texts", () => {
  it("name every refusal code in English", () => {
    for (const code of LTI_REFUSAL_CODES) expect(messages.en[`launch.refused.${code}`], code).toBeTruthy();
  });

  for (const language of LANGUAGE_CODES.filter((code) => code !== "en")) {
    it(`${language}: the English keys and placeholders, translated`, () => {
      expect(launchKeys(language).sort()).toEqual(launchKeys("en").sort());
      for (const key of launchKeys("en")) {
        expect(placeholdersOf(messages[language][key]), key).toEqual(placeholdersOf(messages.en[key]));
        expect(messages[language][key], key).not.toBe(messages.en[key]);
      }
    });
  }

  it("a refusal page shows the code's words, escaped, in the language asked", () => {
    const page = refusalPage("de", "LTI_NONCE_REUSED");
    expect(page).toContain('lang="de"');
    expect(page).toContain("Diese Anmeldenachricht wurde bereits verwendet.");
    expect(page).toContain('data-code="LTI_NONCE_REUSED"');
  });
});
