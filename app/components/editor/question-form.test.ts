import { describe, expect, it } from "vitest";
import { validateQuestion } from "../../../api/services/questions/schemas";
import { readQuestionForm } from "./question-form";

function form(entries: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the editor's form as the question verbs' input", () => {
  it("reads options, correct marks and tags in order", () => {
    const values = readQuestionForm(
      form([
        ["questionText", "2 + 2?"],
        ["optionType", "checkbox"],
        ["options.0.optionText", "4"],
        ["options.1.optionText", "four"],
        ["options.2.optionText", "5"],
        ["correct", "0"],
        ["correct", "1"],
        ["tags", "maths"],
        ["tags", "easy"],
        ["category", "Maths"],
        ["course", "Year 7"],
        ["answerExplaination", "<p><strong>Four</strong></p>"],
      ]),
    );
    expect(values.options).toEqual([
      { optionText: "4", optionStatus: true },
      { optionText: "four", optionStatus: true },
      { optionText: "5", optionStatus: false },
    ]);
    expect(values.tags).toEqual(["maths", "easy"]);
    expect(values.questionImage).toBeNull();
    expect(validateQuestion(values).success).toBe(true);
  });

  it("leaves the rules to the service: no correct mark is an error on options", () => {
    const values = readQuestionForm(
      form([
        ["questionText", "Q"],
        ["optionType", "radio"],
        ["options.0.optionText", "a"],
        ["options.1.optionText", ""],
        ["category", "Maths"],
        ["course", "Year 7"],
        ["answerExplaination", "x"],
      ]),
    );
    const result = validateQuestion(values);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.errors["options.1.optionText"]).toMatchObject({ code: "QUESTION_OPTION_EMPTY" });
  });
});
