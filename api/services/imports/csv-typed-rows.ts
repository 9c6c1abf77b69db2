import { TRUE_FALSE_TEXTS } from "../marking/choice";
import { readTypedNumber } from "../marking/number-text";
import type { TYPED_CSV_COLUMNS } from "./csv-template";
import type { RowProblem } from "./reasons";

/**
 * The CSV rows of the types beyond radio and checkbox (issue 26 point 8; the table is in
 * docs/decisions/0073-gift-and-csv-of-every-type.md). The spec's columns keep their meaning;
 * four optional columns (TYPED_CSV_COLUMNS) are added at the end, empty for radio and checkbox:
 *
 * - `trueFalse`: `correct` is `True` or `False` (or 1 / 2); the option cells may stay empty.
 * - `shortAnswer`: option1…option5 are accepted answers; `credits` gives each its credit in %
 *   (`100;50`; empty: 100 each); `caseSensitive` is yes or no (empty: no).
 * - `numerical`: option1…option5 are accepted numbers (`.` or `,` as the decimal mark);
 *   `tolerances` gives each its ± (`0.01;0.1`; empty: exact); `credits` as above; `units`
 *   lists `unit=multiplier` (`m=1;cm=100`; a unit alone is multiplier 1).
 *
 * Only the shape is made here; every value is judged by the editor's rules (validateQuestion),
 * whose field paths csvColumnOf turns back into these columns.
 */

type Cell = (name: string) => string;
type Shape = { options: { optionText: string; optionStatus: boolean }[]; answerKey?: unknown } | { problem: RowProblem };

/** The list cells of a row, `;`-separated and trimmed; an empty cell is an empty list. */
const list = (text: string) => (text.trim() === "" ? [] : text.split(";").map((part) => part.trim()));
/** A number as a spreadsheet may hold it (`,` or `.`); text that is none stays NaN, for the rules to refuse. */
const numberOf = (text: string) => {
  const read = readTypedNumber(text);
  return read && read.unit === "" ? read.value : NaN;
};
const YES = ["yes", "true", "1"];
const NO = ["no", "false", "0", ""];

/** One value per answer, or the column's default for each when the cell is empty; a length that differs is the row's problem. */
function perAnswer(cell: Cell, column: (typeof TYPED_CSV_COLUMNS)[number], count: number, fallback: number): number[] | RowProblem {
  const values = list(cell(column));
  if (values.length === 0) return Array.from({ length: count }, () => fallback);
  if (values.length !== count) return { code: "csvPerAnswer", values: { count }, column };
  return values.map(numberOf);
}

/** The keyed types a CSV row cannot hold (their keys need GIFT or the editor): said as such, not as a key that does not fit. */
const NOT_IN_CSV = ["matching", "ordering", "cloze", "essay"];

/** trueFalse, shortAnswer and numerical rows as the editor's shape; undefined for the other types (the spec's option columns). */
export function typedRowShape(optionType: string, cell: Cell, texts: string[]): Shape | undefined {
  if (NOT_IN_CSV.includes(optionType)) return { problem: { code: "csvTypeNotInCsv", column: "optionType" } };
  if (optionType === "truefalse") return trueFalseShape(cell, texts);
  if (optionType !== "shortanswer" && optionType !== "numerical") return undefined;
  const credits = perAnswer(cell, "credits", texts.length, 100);
  if (!Array.isArray(credits)) return { problem: credits };
  if (optionType === "shortanswer") {
    const rule = cell("caseSensitive").trim().toLowerCase();
    // Neither yes nor no: passed on as written, so the rule says what it wants.
    const caseSensitive = YES.includes(rule) ? true : NO.includes(rule) ? false : cell("caseSensitive");
    return { options: [], answerKey: { answers: texts.map((text, i) => ({ text, credit: credits[i] })), caseSensitive } };
  }
  const tolerances = perAnswer(cell, "tolerances", texts.length, 0);
  if (!Array.isArray(tolerances)) return { problem: tolerances };
  const units = list(cell("units")).map((entry) => {
    const [unit, multiplier] = entry.split("=");
    return { unit: unit.trim(), multiplier: multiplier === undefined ? 1 : numberOf(multiplier) };
  });
  return { options: [], answerKey: { answers: texts.map((text, i) => ({ value: numberOf(text), tolerance: tolerances[i], credit: credits[i] })), units, unitRequired: false } };
}

/** `correct` True/False or 1/2; the options are always True and False, as the type has them. */
function trueFalseShape(cell: Cell, texts: string[]): Shape {
  const correct = cell("correct").trim().toLowerCase();
  const right = correct === "true" || correct === "1" ? 0 : correct === "false" || correct === "2" ? 1 : -1;
  if (right === -1) return { problem: { code: "csvTrueFalseCorrect", column: "correct" } };
  // Option cells, when filled, must be the type's own texts: the rule says so if they are not.
  const options = texts.length > 0 ? texts : [...TRUE_FALSE_TEXTS];
  return { options: options.map((optionText, i) => ({ optionText, optionStatus: i === right })) };
}

/** Field paths of a typed question's key as the CSV columns that hold them. */
export function typedColumnOf(path: string): string | undefined {
  const answer = /^answerKey\.answers\.(\d+)(?:\.(\w+))?/.exec(path);
  if (answer) {
    const field = answer[2];
    if (field === "credit") return "credits";
    if (field === "tolerance") return "tolerances";
    return `option${Number(answer[1]) + 1}`;
  }
  if (path === "answerKey.answers") return "option1";
  if (path.startsWith("answerKey.units") || path === "answerKey.unitRequired") return "units";
  if (path === "answerKey.caseSensitive") return "caseSensitive";
  if (path.startsWith("answerKey")) return "optionType";
  return undefined;
}
