import { describe, expect, it } from "vitest";
import { NAMESPACES } from "../app/i18n/resources";
import { MESSAGES as QUIZ_MESSAGES } from "../api/services/quizzes/schemas";
import { LANGUAGE_CODES, loadMessages } from "./messages.node";

/**
 * Issue 25 point 6: the spec's misspellings stay in the API's texts (the contract: clients
 * compare them), but no page shows them: the pages translate by code, and every language,
 * English included, spells the words right.
 */
const MISSPELT = /deleteable|quizes|atleast/i;

describe("the spec's misspellings", () => {
  it("appear in no language's texts", () => {
    const found = NAMESPACES.flatMap((namespace) => {
      const messages = loadMessages(namespace);
      return LANGUAGE_CODES.flatMap((language) =>
        Object.entries(messages[language])
          .filter(([, text]) => MISSPELT.test(text))
          .map(([key, text]) => `${language}:${namespace}:${key}: ${text}`),
      );
    });
    expect(found).toEqual([]);
  });

  it("stay verbatim in the API's texts", () => {
    expect(QUIZ_MESSAGES.notDeletable).toContain("deleteable");
    expect(QUIZ_MESSAGES.noQuestions).toContain("atleast");
  });
});
