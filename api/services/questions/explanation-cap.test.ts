import { describe, expect, it } from "vitest";
import { say } from "../message-codes";
import { QUESTION_LIMITS, validateQuestion } from "./schemas";

/**
 * Issue 25 point 17: a 100,000-character explanation cost the sanitiser up to 1.5 s on the
 * event loop. The raw explanation is refused above QUESTION_LIMITS.explanationRaw before any
 * sanitising, with the explanation's own message (translated by its code in all six languages).
 */
const question = (answerExplaination: string) => ({
  questionText: "Which is prime?",
  optionType: "radio",
  options: [{ optionText: "2", optionStatus: true }, { optionText: "4" }],
  category: "Maths",
  course: "Numbers",
  tags: [],
  answerExplaination,
});

describe("the explanation's length before sanitising", () => {
  it("refuses 100,000 characters of markup, and anything over the raw cap, with the explanation's message", () => {
    expect(QUESTION_LIMITS.explanationRaw).toBeLessThanOrEqual(25_000);
    for (const text of ["<b>x</b>".repeat(12_500), "a".repeat(QUESTION_LIMITS.explanationRaw + 1)]) {
      const result = validateQuestion(question(text));
      expect(result).toMatchObject({ success: false, errors: { answerExplaination: say("QUESTION_EXPLANATION_TOO_LONG") } });
    }
  });

  it("still takes an explanation at the stored limit whose raw form carries markup the sanitiser drops", () => {
    const text = `<p onclick="x()">${"a".repeat(QUESTION_LIMITS.explanation - 7)}</p>`;
    expect(text.length).toBeGreaterThan(QUESTION_LIMITS.explanation);
    expect(validateQuestion(question(text))).toMatchObject({ success: true });
  });
});
