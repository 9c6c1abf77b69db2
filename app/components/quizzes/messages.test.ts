import { describe, expect, it } from "vitest";
import { Forbidden, NotFound } from "../../../api/services/core/errors";
import { EXTRA_TIME_MESSAGES } from "../../../api/services/extra-time/schemas";
import { messageCodeOf, say } from "../../../api/services/message-codes";
import { MESSAGES, OWN_MESSAGES } from "../../../api/services/quizzes/schemas";
import { loadMessages } from "../../../locales/messages.node";
import { QUIZ_CODE_KEYS, translateQuizMessage } from "./messages";

/** Texts the quiz pages never show (a request the wizard cannot make), so they have no translation. */
const NOT_SHOWN = new Set<string>([
  OWN_MESSAGES.levelInvalid, OWN_MESSAGES.statusInvalid, OWN_MESSAGES.timeTypeInvalid, OWN_MESSAGES.premiumInvalid, OWN_MESSAGES.quizTypeInvalid,
  OWN_MESSAGES.categoryLength, OWN_MESSAGES.courseLength, OWN_MESSAGES.quizIdRequired, OWN_MESSAGES.quizIdInvalid, OWN_MESSAGES.bodyNotObject,
  // The wizard always sends one of its radio choices (ADR 0030).
  OWN_MESSAGES.showAnswerTimingRequired, OWN_MESSAGES.showAnswerTimingInvalid,
]);
const serverTexts = ([...Object.values(MESSAGES), ...Object.values(OWN_MESSAGES), ...Object.values(EXTRA_TIME_MESSAGES), OWN_MESSAGES.dateInvalid("Start date"), OWN_MESSAGES.dateInvalid("End date")] as unknown[]).filter(
  (m): m is string => typeof m === "string" && !NOT_SHOWN.has(m),
);

/** A verb's answer as the page gets it: the text and its code. */
const answer = (message: string, code: string | undefined = messageCodeOf(message)) => ({ message, code });

describe("the quiz pages' translations of server messages", () => {
  it("have words for the code of every text the quiz verbs send that a page can show", () => {
    for (const text of serverTexts) {
      const code = messageCodeOf(text);
      expect(code, text).toBeDefined();
      expect(QUIZ_CODE_KEYS[code!], text).toBeDefined();
    }
  });

  it("have a text in every language, numbers included", () => {
    for (const [lang, messages] of Object.entries(loadMessages("quizzes"))) {
      const t = (key: string, values?: Record<string, unknown>) => {
        const text = messages[key.replace(/^quizzes:/, "")];
        if (text === undefined) return `MISSING ${lang} ${key}`;
        return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? `{{${name}}}`));
      };
      for (const code of Object.keys(QUIZ_CODE_KEYS)) expect(translateQuizMessage(t, { message: "", code }), code).not.toMatch(/^MISSING/);
      for (const [text, code] of [[new Forbidden().message, "FORBIDDEN"], [new NotFound("quiz").message, "NOT_FOUND"], ["Something wrong!", "INTERNAL"]]) {
        expect(translateQuizMessage(t, answer(text, code)), code).not.toMatch(/^MISSING/);
      }
      // Spec 8's texts with numbers: by their code and values (ADR 0061).
      const mismatch = translateQuizMessage(t, say("QUIZ_COUNT_MISMATCH", { n: 5, m: 3 }));
      expect(mismatch, lang).toContain("5");
      expect(mismatch, lang).toContain("3");
      expect(translateQuizMessage(t, say("QUIZ_TOO_MANY_QUESTIONS", { n: 7 })), lang).toContain("7");
    }
  });

  it("translate by code, not by text, and keep unknown texts as sent", () => {
    const t = (key: string) => key;
    expect(translateQuizMessage(t, { message: "Pick a category (reworded)", code: "QUIZ_CATEGORY_REQUIRED" })).toBe("quizzes:errors.categoryRequired");
    expect(translateQuizMessage(t, { message: MESSAGES.categoryRequired })).toBe(MESSAGES.categoryRequired);
    expect(translateQuizMessage(t, answer("Something else"))).toBe("Something else");
  });
});
