import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { validateQuestion } from "../questions/schemas";
import { CSV_COLUMNS, SPEC_CSV_COLUMNS } from "./csv-template";
import type { ImportCandidate } from "./import-summary";
import { csvColumnOf, parseCsv } from "./parse-csv";
import { ruleProblems } from "./reasons";

/** Issue 26 point 8: trueFalse, shortAnswer and numerical rows of a question CSV (ADR 0073). */
type Cells = Partial<Record<(typeof CSV_COLUMNS)[number], string>>;
const base: Cells = { questionText: "Q?", category: "Maths", course: "Algebra", answerExplaination: "Because." };
const fileOf = (...rows: Cells[]) => Papa.unparse([[...CSV_COLUMNS], ...rows.map((cells) => CSV_COLUMNS.map((name) => ({ ...base, ...cells })[name] ?? ""))]);
const parseOne = async (cells: Cells) => (await parseCsv(fileOf(cells)))[0];
/** What the import's summary would say of the row: its own problems, else the editor's rules by CSV column; null when it imports. */
const verdict = (candidate: ImportCandidate) => {
  if (!("input" in candidate)) return candidate.problems;
  const result = validateQuestion(candidate.input);
  return result.success ? null : ruleProblems(result.errors, csvColumnOf);
};
const valid = (candidate: ImportCandidate) => {
  expect(verdict(candidate)).toBeNull();
  const result = validateQuestion((candidate as { input: unknown }).input);
  if (!result.success) throw new Error("refused");
  return result.data;
};

describe("CSV trueFalse rows", () => {
  it.each([
    ["True", true],
    ["false", false],
    ["1", true],
    ["2", false],
  ])("correct %s gives the options True and False, the right one checked (type spelt in any case)", async (correct, isTrue) => {
    const question = valid(await parseOne({ optionType: "TRUEFALSE", correct }));
    expect(question.optionType).toBe("trueFalse");
    expect(question.options).toEqual([
      { optionText: "True", optionStatus: isTrue },
      { optionText: "False", optionStatus: !isTrue },
    ]);
  });

  it("refuses any other correct, and option texts that are not True and False, by the column", async () => {
    expect(verdict(await parseOne({ optionType: "trueFalse", correct: "yes" }))).toEqual([{ code: "csvTrueFalseCorrect", column: "correct" }]);
    expect(verdict(await parseOne({ optionType: "trueFalse", option1: "Yes", option2: "No", correct: "1" }))).toEqual([{ code: "answerKey.trueFalseOptions", column: "correct" }]);
  });
});

describe("CSV shortAnswer rows", () => {
  it("reads the options as accepted answers, credits per answer, caseSensitive yes/no", async () => {
    const question = valid(await parseOne({ optionType: "shortAnswer", option1: "Jupiter", option2: "Saturn", credits: "100; 50", caseSensitive: "Yes" }));
    expect(question).toMatchObject({ optionType: "shortAnswer", options: [], answerKey: { answers: [{ text: "Jupiter", credit: 100 }, { text: "Saturn", credit: 50 }], caseSensitive: true } });
    expect(valid(await parseOne({ optionType: "shortanswer", option1: "a" })).answerKey).toEqual({ answers: [{ text: "a", credit: 100 }], caseSensitive: false });
  });

  it("names the column of each refusal: a credit that is no number, too few credits, a case rule that is neither yes nor no, no answer at 100 %", async () => {
    expect(verdict(await parseOne({ optionType: "shortAnswer", option1: "a", option2: "b", credits: "100;lots" }))).toEqual([{ code: "answerKey.credit", column: "credits" }]);
    expect(verdict(await parseOne({ optionType: "shortAnswer", option1: "a", option2: "b", credits: "100" }))).toEqual([{ code: "csvPerAnswer", values: { count: 2 }, column: "credits" }]);
    expect(verdict(await parseOne({ optionType: "shortAnswer", option1: "a", caseSensitive: "maybe" }))).toEqual([{ code: "answerKey.caseRule", column: "caseSensitive" }]);
    expect(verdict(await parseOne({ optionType: "shortAnswer", option1: "a", credits: "50" }))).toEqual([{ code: "answerKey.fullCreditNeeded", column: "option1" }]);
  });
});

describe("CSV numerical rows", () => {
  it("reads numbers (. or , as the decimal mark), tolerances, credits and units", async () => {
    const question = valid(await parseOne({ optionType: "numerical", option1: "3,14", option2: "3.1", tolerances: "0.005;0.1", credits: "100;50", units: "m=1; cm=100; km" }));
    expect(question.answerKey).toEqual({
      answers: [
        { value: 3.14, tolerance: 0.005, credit: 100 },
        { value: 3.1, tolerance: 0.1, credit: 50 },
      ],
      units: [
        { unit: "m", multiplier: 1 },
        { unit: "cm", multiplier: 100 },
        { unit: "km", multiplier: 1 },
      ],
      unitRequired: false,
      unitPenalty: 0.1,
    });
  });

  it("names the column of a value, a tolerance or a multiplier that is no number", async () => {
    expect(verdict(await parseOne({ optionType: "numerical", option1: "pi" }))).toEqual([{ code: "answerKey.number", column: "option1" }]);
    expect(verdict(await parseOne({ optionType: "numerical", option1: "1", tolerances: "-1" }))).toEqual([{ code: "answerKey.tolerance", column: "tolerances" }]);
    expect(verdict(await parseOne({ optionType: "numerical", option1: "1", units: "m=x" }))).toEqual([{ code: "answerKey.unitMultiplier", column: "units" }]);
  });
});

describe("CSV rows of the types a row cannot hold", () => {
  it.each(["matching", "Ordering", "cloze", "essay"])("%s is rejected as not writable in a CSV, on optionType", async (optionType) => {
    expect(verdict(await parseOne({ optionType, option1: "a", option2: "b", correct: "1" }))).toEqual([{ code: "csvTypeNotInCsv", column: "optionType" }]);
  });
});

describe("files of the spec's columns only", () => {
  it("read as before: the typed columns may be left out", async () => {
    const text = [SPEC_CSV_COLUMNS.join(","), "Two and two?,radio,3,4,,,,2,Maths,Algebra,,Four.", "Sky blue?,trueFalse,,,,,,True,Maths,Algebra,,Yes."].join("\n");
    const [radio, trueFalse] = await parseCsv(text);
    expect(valid(radio)).toMatchObject({ optionType: "radio", options: [{ optionText: "3", optionStatus: false }, { optionText: "4", optionStatus: true }] });
    expect(valid(trueFalse).optionType).toBe("trueFalse");
  });
});
