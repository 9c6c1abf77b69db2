import { describe, expect, it } from "vitest";
import { say } from "../message-codes";
import { QUESTION_CODES, validateQuestion } from "./schemas";

/** A rule's refusal as validateQuestion answers it: its code, and the English rendered from it. */
const M = Object.fromEntries(Object.entries(QUESTION_CODES).map(([rule, code]) => [rule, say(code)])) as Record<keyof typeof QUESTION_CODES, ReturnType<typeof say>>;

const valid = {
  questionText: " Which are primes? ",
  optionType: "checkbox",
  options: [
    { optionText: " 2 ", optionStatus: true },
    { optionText: "3", optionStatus: true },
    { optionText: "4" },
  ],
  category: "Maths",
  course: "Numbers",
  tags: ["Primes", " primes ", "", "Numbers"],
  answerExplaination: "<p>2 and 3 <script>x</script></p>",
};

describe("validateQuestion", () => {
  it("answers the clean question: trimmed, tags de-duplicated, explanation sanitised, images null", () => {
    expect(validateQuestion(valid)).toEqual({
      success: true,
      data: {
        questionText: "Which are primes?",
        questionImage: null,
        image: null,
        optionType: "checkbox",
        options: [
          { optionText: "2", optionStatus: true },
          { optionText: "3", optionStatus: true },
          { optionText: "4", optionStatus: false },
        ],
        category: "Maths",
        course: "Numbers",
        tags: ["Primes", "Numbers"],
        answerExplaination: "<p>2 and 3 </p>",
        // decisions.md: every question has a default mark (1 unless set); a choice question has no answerKey.
        defaultMark: 1,
        answerKey: null,
      },
    });
  });

  it("accepts questionCategory and questionCourse for category and course", () => {
    const { category, course, ...rest } = valid;
    const result = validateQuestion({ ...rest, questionCategory: category, questionCourse: course });
    expect(result.success && [result.data.category, result.data.course]).toEqual(["Maths", "Numbers"]);
  });

  it("keys every error by its full path, all at once", () => {
    expect(
      validateQuestion({
        ...valid,
        questionText: "",
        options: [{ optionText: "a", optionStatus: true }, { optionText: "  " }, { optionText: "x".repeat(501) }],
        tags: ["a", "b", "c", "d", "e", "f", "g"],
        answerExplaination: "<p></p>",
      }),
    ).toEqual({
      success: false,
      errors: {
        questionText: M.questionTextRequired,
        "options.1.optionText": M.optionEmpty,
        "options.2.optionText": M.optionLength,
        tags: M.tooManyTags,
        answerExplaination: M.explanationRequired,
      },
    });
  });

  it("checks the correct marks only once the options themselves are valid", () => {
    expect(validateQuestion({ ...valid, optionType: "radio" })).toEqual({ success: false, errors: { options: M.radioChecks } });
    expect(validateQuestion({ ...valid, options: valid.options.map((o) => ({ ...o, optionStatus: true })) })).toEqual({ success: false, errors: { options: M.checkboxChecks } });
    // …and alongside other fields' errors, not only after they are fixed.
    expect(validateQuestion({ ...valid, optionType: "radio", questionText: " ", category: undefined })).toEqual({
      success: false,
      errors: { questionText: M.questionTextRequired, category: say("CATEGORY_REQUIRED"), options: M.radioChecks },
    });
    expect(validateQuestion({ ...valid, optionType: "radio", options: [{ optionText: "" }, { optionText: "b" }] })).toEqual({
      success: false,
      errors: { "options.0.optionText": M.optionEmpty },
    });
  });

  it.each([null, 42, "text", [], { options: "a" }, { options: [null] }, { tags: "a" }, { answerExplaination: 5 }])("answers errors, never throws, for %j", (input) => {
    const result = validateQuestion(input);
    expect(result.success).toBe(false);
    expect(Object.values(result.success ? {} : result.errors).every((saying) => typeof saying === "string" || typeof saying.message === "string")).toBe(true);
  });
});
