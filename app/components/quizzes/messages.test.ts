import { describe, expect, it } from "vitest";
import { Forbidden, NotFound } from "../../../api/services/core/errors";
import { EXTRA_TIME_MESSAGES } from "../../../api/services/extra-time/schemas";
import { MESSAGES, OWN_MESSAGES } from "../../../api/services/quizzes/schemas";
import { loadMessages } from "../../../locales/messages.node";
import { QUIZ_MESSAGES, translateQuizMessage } from "./messages";

/** Texts the quiz pages never show (a request the wizard cannot make), so they have no translation. */
const NOT_SHOWN = new Set<string>([
  OWN_MESSAGES.levelInvalid, OWN_MESSAGES.statusInvalid, OWN_MESSAGES.timeTypeInvalid, OWN_MESSAGES.premiumInvalid, OWN_MESSAGES.quizTypeInvalid,
  OWN_MESSAGES.categoryLength, OWN_MESSAGES.courseLength, OWN_MESSAGES.quizIdRequired, OWN_MESSAGES.quizIdInvalid, OWN_MESSAGES.bodyNotObject,
  // The wizard always sends one of its radio choices (ADR 0030).
  OWN_MESSAGES.showAnswerTimingRequired, OWN_MESSAGES.showAnswerTimingInvalid,
]);
const serverTexts = ([...Object.values(MESSAGES), ...Object.values(OWN_MESSAGES)] as unknown[]).filter((m): m is string => typeof m === "string" && !NOT_SHOWN.has(m));

describe("the quiz pages' translations of server messages", () => {
  it("cover every text the quiz verbs send that a page can show, and only those", () => {
    const known = new Set([...serverTexts, ...Object.values(EXTRA_TIME_MESSAGES), new NotFound("student").message, new Forbidden().message, new NotFound("quiz").message, "Something wrong!", "Start date must be a time in epoch seconds", "End date must be a time in epoch seconds"]);
    expect(QUIZ_MESSAGES.filter((m) => !known.has(m))).toEqual([]);
    expect(serverTexts.filter((m) => !QUIZ_MESSAGES.includes(m))).toEqual([]);
    expect(OWN_MESSAGES.dateInvalid("Start date")).toBe("Start date must be a time in epoch seconds");
  });

  it("have a text in every language, numbers included", () => {
    for (const [lang, messages] of Object.entries(loadMessages("quizzes"))) {
      const t = (key: string, values?: Record<string, unknown>) => {
        const text = messages[key.replace(/^quizzes:/, "")];
        if (text === undefined) return `MISSING ${lang} ${key}`;
        return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? `{{${name}}}`));
      };
      for (const message of QUIZ_MESSAGES) expect(translateQuizMessage(t, message)).not.toMatch(/^MISSING/);
      const mismatch = translateQuizMessage(t, MESSAGES.countMismatch(5, 3));
      expect(mismatch, lang).toContain("5");
      expect(mismatch, lang).toContain("3");
      expect(translateQuizMessage(t, MESSAGES.tooManyQuestions(7)), lang).toContain("7");
    }
  });

  it("keep unknown texts as sent", () => {
    expect(translateQuizMessage((key) => key, "Something else")).toBe("Something else");
  });
});
