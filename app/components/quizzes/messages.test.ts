import { describe, expect, it } from "vitest";
import { Forbidden, NotFound } from "../../../api/services/core/errors";
import { MESSAGE_CODE_NAMES, type MessageCode, say } from "../../../api/services/message-codes";
import { schemaText } from "../../../api/services/core/coded";
import { zodFieldSayings } from "../../../api/services/core/errors";
import { fieldAnswers } from "../../../api/services/message-codes";
import { MESSAGES, QuizComplete, QuizPatch, quizRuleIssues } from "../../../api/services/quizzes/schemas";
import { loadMessages } from "../../../locales/messages.node";
import { QUIZ_CODE_KEYS, translateQuizMessage } from "./messages";

/**
 * The codes the quiz and extra-time verbs and schemas say what a quiz page shows by (the quiz
 * schemas' texts no page shows, a request the wizard cannot make, stay plain texts: no code).
 */
const SHOWN: MessageCode[] = [
  ...MESSAGE_CODE_NAMES.filter((code) => code.startsWith("QUIZ_") || code.startsWith("EXTRA_TIME_")),
  "MIN_2_SYMBOLS", "MAX_500_SYMBOLS", "TEXT_NOT_ONE_LINE", "QUESTIONS_LOCKED_BY_ATTEMPTS", "STUDENT_NOT_FOUND",
];

/** A verb's answer as the page gets it: the text and its code. */
const answer = (message: string, code?: string) => ({ message, code });

describe("the quiz pages' translations of server messages", () => {
  it("have words for the code of every text the quiz verbs send that a page can show", () => {
    for (const code of SHOWN) expect(QUIZ_CODE_KEYS[code], code).toBeDefined();
  });

  it("have words for every code the quiz schemas answer a wizard's draft with, from where the check is made", () => {
    const drafts = [{}, { quizName: "", quizDescription: "x", time: "soon", attemptsAllowed: 0, totalQuestion: 0, password: "p".repeat(101), status: "DateRange", negativeMarking: "Yes", selectedQuestions: [] }];
    const codes = new Set<string>();
    for (const draft of drafts) {
      for (const schema of [QuizPatch, QuizComplete]) {
        const result = schema.safeParse(draft);
        if (!result.success) for (const code of Object.values(fieldAnswers(zodFieldSayings(result.error)).errorCodes ?? {})) codes.add(code);
      }
    }
    const rules = [
      { status: "DateRange", startDate: 9, endDate: 1, negativeMarking: "Yes", selectedQuestions: [] },
      { status: "DateRange", totalQuestion: 1, selectedQuestions: [1, 2] },
      { status: "Draft", showAnswerTiming: "AfterQuizCloses", totalQuestion: 3, selectedQuestions: [1] },
    ] as const;
    for (const quiz of rules) for (const { message } of quizRuleIssues({ ...quiz, selectedQuestions: [...quiz.selectedQuestions] })) codes.add(schemaText(message).coded?.code ?? `plain: ${message}`);
    expect(codes.size).toBeGreaterThan(10);
    expect([...codes].filter((code) => !QUIZ_CODE_KEYS[code as MessageCode])).toEqual([]);
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
