import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../locales/languages";
import { CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH } from "../categories/schemas";
import { UNKNOWN_CATEGORY, UNKNOWN_COURSE } from "../categories/resolve-category-course";
import { QUESTION_MESSAGES, validateQuestion } from "../questions/schemas";
import { CSV_MESSAGES, csvColumnOf } from "./parse-csv";
import { GIFT_MESSAGES } from "./parse-gift";
import { type ReasonCode, ruleProblem, ruleProblems } from "./reasons";
import { describeProblems, importTranslator } from "./summary-language";

const english = importTranslator("en");
const ruleMessages = [...Object.values(QUESTION_MESSAGES), CATEGORY_REQUIRED, COURSE_REQUIRED, NAME_LENGTH("Category"), NAME_LENGTH("Course"), UNKNOWN_CATEGORY, UNKNOWN_COURSE];

describe("the reasons of rejected import rows", () => {
  it("name every message of the question rules and the place lookup by a code, and say it in English exactly as the rule does", () => {
    for (const message of ruleMessages) {
      const problem = ruleProblem(message);
      expect(problem.code, message).not.toBe("other");
      expect(describeProblems(english, [problem])).toBe(message);
    }
  });

  it("say the file readers' reasons in English as their constants do", () => {
    const say = (code: ReasonCode, values?: Record<string, string | number>) => describeProblems(english, [{ code, values }]);
    expect(say("brokenQuoting")).toBe(CSV_MESSAGES.brokenQuoting);
    expect(say("wrongCellCount")).toBe(CSV_MESSAGES.wrongCellCount);
    expect(say("correctColumn", { max: 4 })).toBe(CSV_MESSAGES.correct(4));
    expect(say("giftUnsupported", { line: 7 })).toBe(`${GIFT_MESSAGES.unsupported} (line 7)`);
    expect(say("giftSyntax", { line: 3, detail: 'Expected "}"' })).toBe(GIFT_MESSAGES.syntax(3, 'Expected "}"'));
  });

  it("map what validateQuestion answers for bad rows to known codes, with the CSV column", () => {
    const rows: unknown[] = [
      {},
      { questionText: "x".repeat(3000), optionType: "quiz", options: [{ optionText: "" }], category: "", course: "x", tags: Array(7).fill(0).map((_, i) => `t${i}`), answerExplaination: "" },
      { questionText: "Q?", optionType: "checkbox", options: [{ optionText: "a", optionStatus: true }, { optionText: "b", optionStatus: true }], category: "Maths", course: "Algebra", tags: ["x".repeat(51)], answerExplaination: "<script>x</script>" },
    ];
    for (const input of rows) {
      const validation = validateQuestion(input);
      expect(validation.success).toBe(false);
      if (validation.success) continue;
      const problems = ruleProblems(validation.errors, csvColumnOf);
      expect(problems.filter((problem) => problem.code === "other"), JSON.stringify(validation.errors)).toEqual([]);
      expect(problems.every((problem) => problem.column === undefined || !problem.column.includes("."))).toBe(true);
    }
  });

  it("keeps a message without a code as it was sent, in every language", () => {
    expect(describeProblems(importTranslator("ja"), [ruleProblem("Something new", "questionText")])).toBe("Something new（questionText）");
  });

  it("are translated in every language: no key or English text shows through", () => {
    const codes = ruleMessages.map((message) => ruleProblem(message).code);
    for (const { code: language } of LANGUAGES.filter(({ code }) => code !== "en")) {
      const t = importTranslator(language);
      for (const code of [...codes, "brokenQuoting", "wrongCellCount"] as ReasonCode[]) {
        const said = describeProblems(t, [{ code, values: { max: 5, min: 2 } }]);
        expect(said, `${language} ${code}`).not.toMatch(/^reasons\./);
        expect(said, `${language} ${code}`).not.toBe(describeProblems(english, [{ code, values: { max: 5, min: 2 } }]));
      }
    }
  });
});
