import { describe, expect, it } from "vitest";
import { NAMESPACES } from "../app/i18n/resources";
import { LANGUAGE_CODES, loadMessages, placeholdersOf } from "./messages.node";

/** Words of prose, not counting placeholders or symbols ("© {{year}} Quiz" is not a sentence). */
const wordsOf = (text: string) => text.replace(/\{\{\w+\}\}/g, "").split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word)).length;

// Every namespace is complete in every language: the same keys, the same placeholders,
// no empty text, and no sentence left in English.
for (const namespace of NAMESPACES) {
  describe(`locales/*/${namespace}.json`, () => {
    const messages = loadMessages(namespace);

    for (const language of LANGUAGE_CODES.filter((code) => code !== "en")) {
      it(`${language} has exactly the English keys with the same placeholders`, () => {
        expect(Object.keys(messages[language]).sort()).toEqual(Object.keys(messages.en).sort());
        for (const [key, text] of Object.entries(messages.en)) {
          expect(messages[language][key].trim(), `${language}:${key}`).not.toBe("");
          expect(placeholdersOf(messages[language][key]), `${language}:${key}`).toEqual(placeholdersOf(text));
        }
      });

      it(`${language} leaves no sentence in English`, () => {
        const untranslated = Object.entries(messages.en)
          .filter(([key, text]) => wordsOf(text) > 2 && messages[language][key] === text)
          .map(([key]) => key);
        expect(untranslated).toEqual([]);
      });
    }
  });
}
