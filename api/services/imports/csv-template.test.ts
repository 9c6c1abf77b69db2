import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { DEMO_CATEGORIES } from "../../../db/seed-content";
import { CSV_COLUMNS, csvTemplateText, OPTIONAL_CSV_COLUMNS, TEMPLATE_COMMENT, TEMPLATE_ROWS, TEMPLATE_TYPE_NOTES } from "./csv-template";
import { parseCsv } from "./parse-csv";

describe("the CSV template", () => {
  it("is written without papaparse yet reads back cell for cell (no cell needs quoting)", () => {
    const rows = csvTemplateText().split("\r\n").slice(1 + TEMPLATE_TYPE_NOTES.length);
    const parsed = Papa.parse<string[]>(rows.join("\r\n"), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data).toEqual([[...CSV_COLUMNS], ...TEMPLATE_ROWS.map((row) => [...row])]);
  });

  it("names the demo bank's category and course, and its comment the optional columns", () => {
    for (const row of TEMPLATE_ROWS) expect(DEMO_CATEGORIES[row[8] as keyof typeof DEMO_CATEGORIES]).toContain(row[9]);
    expect(TEMPLATE_COMMENT).toContain(OPTIONAL_CSV_COLUMNS.join(", "));
  });

  it("parses into a question of each type it shows, its comment lines counted in the row numbers", async () => {
    const candidates = await parseCsv(csvTemplateText());
    expect(candidates.map((candidate) => [candidate.number, "input" in candidate && (candidate.input as { optionType: string }).optionType])).toEqual([
      [7, "radio"],
      [8, "checkbox"],
      [9, "trueFalse"],
      [10, "shortAnswer"],
      [11, "numerical"],
    ]);
  });

  it("keeps a # question below the header as a question", async () => {
    const candidates = await parseCsv([CSV_COLUMNS.join(","), "#1 What is 2 + 2?,radio,3,4,,,,2,Maths,Algebra,,Four.,,,,"].join("\n"));
    expect(candidates).toMatchObject([{ number: 2, input: { questionText: "#1 What is 2 + 2?" } }]);
  });
});
