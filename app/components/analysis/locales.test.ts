import { expect, it } from "vitest";
import { QUESTION_TYPES } from "../../../api/services/marking/question-types";
import { loadMessages, placeholdersOf } from "../../../locales/messages.node";

it("the analysis namespace has every key in all six languages, each type's name and the response analysis's words (ADR 0072)", () => {
  const all = loadMessages("analysis");
  const english = Object.keys(all.en).sort();
  for (const key of [...QUESTION_TYPES.map((type) => `types.${type}`), "responses.title", "responses.wrongAnswers.caption", "responses.pairs.caption", "responses.essay.pending", "legend.partialCredit"]) expect(english).toContain(key);
  expect(Object.keys(all).sort()).toEqual(["de", "en", "es", "fr", "ja", "zh"]);
  for (const [lang, messages] of Object.entries(all)) {
    expect(Object.keys(messages).sort(), lang).toEqual(english);
    if (lang !== "en") expect(messages["responses.title"], lang).not.toBe(all.en["responses.title"]);
    for (const key of english) expect(placeholdersOf(messages[key]), `${lang} ${key}`).toEqual(placeholdersOf(all.en[key]));
  }
});
