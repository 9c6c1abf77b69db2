import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../locales/languages";
import { MESSAGE_CODES, type MessageCode, say } from "../message-codes";
import { ANSWER_KEY_MESSAGES } from "../marking/messages";
import { QUESTION_CODES, validateQuestion } from "../questions/schemas";
import { CSV_MESSAGES, csvColumnOf } from "./parse-csv";
import { GIFT_MESSAGES } from "./parse-gift";
import { type ReasonCode, ruleProblem, ruleProblems } from "./reasons";
import { describeProblems, importTranslator } from "./summary-language";

const english = importTranslator("en");
/** The codes the question rules and the place lookup say their refusals by. */
const ruleCodes: MessageCode[] = [...Object.values(QUESTION_CODES), "CATEGORY_REQUIRED", "COURSE_REQUIRED", "CATEGORY_NAME_LENGTH", "COURSE_NAME_LENGTH", "UNKNOWN_CATEGORY", "UNKNOWN_COURSE"];

describe("the reasons of rejected import rows", () => {
  it("name every refusal of the question rules and the place lookup by its code, and say it in English exactly as the rule does", () => {
    for (const code of ruleCodes) {
      const problem = ruleProblem(say(code));
      expect(problem.code, code).not.toBe("other");
      expect(describeProblems(english, [problem])).toBe(MESSAGE_CODES[code]);
    }
  });

  it("name every answer-key rule of the types and the keyed question's own refusals, in every language, with the rule's values", () => {
    for (const code of [...Object.keys(ANSWER_KEY_MESSAGES), "QUESTION_OPTIONS_NOT_FOR_TYPE", "TEXT_NOT_ONE_LINE"] as MessageCode[]) {
      const problem = ruleProblem(say(code, { min: 2, max: 30, count: 3 }));
      expect(problem.code, code).not.toBe("other");
      for (const { code: language } of LANGUAGES) {
        const said = describeProblems(importTranslator(language), [problem]);
        expect(said, `${code} in ${language}`).not.toMatch(/reasons\.|answerKey\.|\{\{/);
      }
    }
    expect(describeProblems(english, [ruleProblem(say("ANSWER_KEY_PAIRS_COUNT", { min: 2, max: 30 }), "option1")])).toBe("Give 2 to 30 pairs to match (option1)");
  });

  it("read the code, never the text: a reworded rule keeps its reason, and a plain text with a rule's words is no rule", () => {
    expect(ruleProblem({ code: "QUESTION_TEXT_REQUIRED", message: "Write the question first" }).code).toBe("questionTextRequired");
    expect(ruleProblem({ code: "UNKNOWN_COURSE", message: "No such course" }, "course")).toEqual({ code: "unknownCourse", column: "course" });
    expect(ruleProblem(MESSAGE_CODES.QUESTION_TEXT_REQUIRED)).toEqual({ code: "other", values: { text: MESSAGE_CODES.QUESTION_TEXT_REQUIRED } });
  });

  it("say the file readers' reasons in English as their constants do", () => {
    const say = (code: ReasonCode, values?: Record<string, string | number>) => describeProblems(english, [{ code, values }]);
    expect(say("brokenQuoting")).toBe(CSV_MESSAGES.brokenQuoting);
    expect(say("wrongCellCount")).toBe(CSV_MESSAGES.wrongCellCount);
    expect(say("correctColumn", { max: 4 })).toBe(CSV_MESSAGES.correct(4));
    expect(say("giftUnsupported", { line: 7 })).toBe(`${GIFT_MESSAGES.unsupported} (line 7)`);
    expect(say("giftDescription", { line: 9 })).toBe(`${GIFT_MESSAGES.description} (line 9)`);
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
    const codes = ruleCodes.map((code) => ruleProblem(say(code)).code);
    for (const { code: language } of LANGUAGES.filter(({ code }) => code !== "en")) {
      const t = importTranslator(language);
      for (const code of [...codes, "brokenQuoting", "wrongCellCount"] as ReasonCode[]) {
        const said = describeProblems(t, [{ code, values: { max: 5, min: 2 } }]);
        expect(said, `${language} ${code}`).not.toMatch(/^reasons\./);
        expect(said, `${language} ${code}`).not.toBe(describeProblems(english, [{ code, values: { max: 5, min: 2 } }]));
      }
    }
  });

  it("say the Moodle XML reader's and the imported images' reasons in every language, with their values (ADR 0083)", () => {
    const codes: ReasonCode[] = [
      "importFileNotImage", "importFileTooLarge", "importFileQuota", "importFileMissing", "moodleXmlDescription", "moodleXmlUnsupported", "moodleXmlPartialCredit", "moodleXmlCreditsNotWhole",
      "moodleXmlAnyAnswerCredit", "moodleXmlUnitPenaltyOfResponse", "moodleXmlOrderingGrading", "moodleXmlOrderingSubset", "moodleXmlClozeGap", "moodleXmlEssayAttachments", "moodleXmlImages", "moodleXmlImageInAnswer",
    ];
    const values = { name: "pic.png", max: "5 MB", type: "calculated", grading: "ABSOLUTE_POSITION", gap: 2, count: 3 };
    for (const { code: language } of LANGUAGES) {
      const t = importTranslator(language);
      for (const code of codes) {
        const said = describeProblems(t, [{ code, values }]);
        expect(said, `${language} ${code}`).not.toMatch(/reasons\.|\{\{/);
        if (language !== "en") expect(said, `${language} ${code}`).not.toBe(describeProblems(english, [{ code, values }]));
      }
    }
    expect(describeProblems(english, [{ code: "moodleXmlClozeGap", values }])).toContain("gap 2 (calculated)");
    expect(describeProblems(english, [{ code: "importFileTooLarge", values }])).toBe("the image pic.png is larger than 5 MB");
  });
});
