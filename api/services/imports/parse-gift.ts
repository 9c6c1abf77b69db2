import gift from "gift-pegjs";
import type { GIFTQuestion } from "gift-pegjs";
import { giftToQuestion } from "./gift-to-question";
import type { ImportCandidate } from "./import-summary";
import { MAX_IMPORT_ROWS, tooManyRows } from "./parse-csv";
import { createPacer } from "./time-slices";

export const GIFT_MESSAGES = {
  unsupported: "unsupported question type",
  description: "a description (text without an answer block) is not a question",
  syntax: (line: number, detail: string) => `GIFT syntax error on line ${line}: ${detail}`,
} as const;

/**
 * Moodle GIFT text → question inputs for the same rules as the editor (decisions.md "GIFT
 * import"; every type, gift-to-question.ts), parsed with gift-pegjs (the grammar Moodle's format is documented by). The file is
 * cut at blank lines, GIFT's question separator, and each piece parsed on its own so that one
 * broken question is a rejected question, not a rejected file. `$CATEGORY:` lines and `//`
 * comments are not questions and are not counted; every other piece is numbered from 1.
 *
 * At most 10,000 questions, as a CSV file: counted before any parsing (a piece is a question,
 * and so is each answer block `{…}` of a piece that holds several), so a file of 300,000
 * questions is a 400 at once; the parse then gives the event loop back between pieces.
 */
export async function parseGift(text: string, place: { category: string; course: string }): Promise<ImportCandidate[]> {
  const all = pieces(text);
  const counted = all.reduce((sum, piece) => sum + Math.max(1, answerBlocks(piece.source)), 0);
  // The CSV cap and its code (the page already says it in every language).
  if (counted > MAX_IMPORT_ROWS) throw tooManyRows(counted);
  const candidates: ImportCandidate[] = [];
  let number = 0;
  const pacer = createPacer();
  for (const { line, source } of all) {
    await pacer.tick();
    let parsed: GIFTQuestion[];
    try {
      parsed = gift.parse(source);
    } catch (error) {
      const where = error as { location?: { start?: { line?: number } }; message?: string };
      // The parser's own detail ("Expected … but found …") is technical English; the frame is translated.
      const detail = String(where.message ?? "unreadable").slice(0, 200);
      candidates.push({ number: ++number, problems: [{ code: "giftSyntax", values: { line: line + (where.location?.start?.line ?? 1) - 1, detail } }] });
      continue;
    }
    for (const question of parsed) {
      if (question.type === "Category") continue;
      number += 1;
      const mapped = giftToQuestion(question, place);
      candidates.push("input" in mapped ? { number, input: mapped.input } : { number, problems: [{ code: mapped.reason, values: { line } }] });
    }
  }
  if (number > MAX_IMPORT_ROWS) throw tooManyRows(number);
  return candidates;
}

/** The answer blocks of a piece: `{` not escaped as `\{` and outside `//` comment lines. */
function answerBlocks(source: string): number {
  let blocks = 0;
  for (const line of source.split("\n")) {
    if (/^\s*\/\//.test(line)) continue;
    blocks += line.match(/(?<!\\)\{/g)?.length ?? 0;
  }
  return blocks;
}

/** Blank-line separated pieces with the line each starts on (for the summary's reasons). */
function pieces(text: string): { line: number; source: string }[] {
  const result: { line: number; source: string }[] = [];
  let current: string[] = [];
  let start = 1;
  text.split(/\r?\n/).forEach((lineText, index) => {
    if (lineText.trim() === "") {
      if (current.length > 0) result.push({ line: start, source: current.join("\n") });
      current = [];
      return;
    }
    if (current.length === 0) start = index + 1;
    current.push(lineText);
  });
  if (current.length > 0) result.push({ line: start, source: current.join("\n") });
  // A piece of only comments and $CATEGORY lines holds no question: skip it before parsing.
  return result.filter(({ source }) => source.split("\n").some((l) => !/^\s*(\/\/|\$CATEGORY:)/.test(l)));
}
