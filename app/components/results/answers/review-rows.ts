import type { AnswerPart } from "../../../../api/services/attempts/answer-view";
import { type ClozeRun, clozeParts } from "../../exam/answers/cloze-text";

/**
 * What a result shows of a typed answer, worked out from the result's own fields (the
 * attempt's part ids, the answer given and, when the key may be seen, `rightAnswer`): pure, so
 * each renderer's logic is tested without a page. `verdict` is null when the key is not in the
 * result (the review timing hides it): nothing is then marked right or wrong.
 */
export type Verdict = "right" | "partial" | "wrong" | null;

const partOf = (parts: readonly AnswerPart[] | undefined, id: string | undefined) => (id === undefined ? undefined : parts?.find((part) => part.id === id));
const textOf = (parts: readonly AnswerPart[] | undefined, id: string | undefined) => partOf(parts, id)?.text ?? null;
/** A part's formulas rendered (`textHtml`), or undefined when it has none (the text is then all there is). */
const htmlOf = (parts: readonly AnswerPart[] | undefined, id: string | undefined) => partOf(parts, id)?.textHtml;

const record = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);

export interface MatchingRow {
  stem: string;
  stemHtml?: string;
  given: string | null;
  givenHtml?: string;
  right: string | null;
  rightHtml?: string;
  verdict: Verdict;
}

/** Each stem in the attempt's order with the choice given, the right one and whether they agree. */
export function matchingRows(stems: readonly AnswerPart[], choices: readonly AnswerPart[], answer: unknown, rightAnswer: unknown): MatchingRow[] {
  const pairs = (value: unknown) => {
    const list = record(value).pairs;
    return new Map((Array.isArray(list) ? list : []).map((pair) => [String(record(pair).stemId), String(record(pair).choiceId)]));
  };
  const given = pairs(answer);
  const right = rightAnswer === undefined ? null : pairs(rightAnswer);
  return stems.map((stem) => {
    const givenId = given.get(stem.id);
    const rightId = right?.get(stem.id);
    return {
      stem: stem.text,
      stemHtml: stem.textHtml,
      given: textOf(choices, givenId),
      givenHtml: htmlOf(choices, givenId),
      right: textOf(choices, rightId),
      rightHtml: htmlOf(choices, rightId),
      verdict: right === null ? null : givenId !== undefined && givenId === rightId ? "right" : "wrong" };
  });
}

export interface OrderingRow {
  text: string;
  textHtml?: string;
  verdict: Verdict;
}

/** The order given, each item marked right where it stands where the right order has it; and the right order's texts. */
export function orderingRows(items: readonly AnswerPart[], answer: unknown, rightAnswer: unknown): { given: OrderingRow[]; right: { text: string; textHtml?: string }[] | null } {
  const givenIds = strings(record(answer).order);
  const rightIds = rightAnswer === undefined ? null : strings(record(rightAnswer).order);
  return {
    given: givenIds.map((id, position) => ({ text: textOf(items, id) ?? "", textHtml: htmlOf(items, id), verdict: rightIds === null ? null : rightIds[position] === id ? "right" : "wrong" })),
    right: rightIds === null ? null : rightIds.map((id) => ({ text: textOf(items, id) ?? "", textHtml: htmlOf(items, id) })),
  };
}

export type ClozePiece = ClozeRun | { gap: number; given: string; givenHtml?: string; right: string | null; rightHtml?: string; verdict: Verdict };
type Gap = { kind: "text" | "number" | "choice"; choices?: AnswerPart[] };

/**
 * The question's text (its runs with their formulas when it has some, `questionTextHtml`) with
 * each gap's answer in its place (a dropdown's choice by its text), its verdict from the
 * server's per-gap fractions, and the right answer.
 */
export function clozePieces(questionText: string, gaps: readonly Gap[], answer: unknown, rightAnswer: unknown, gapFractions: readonly number[] | undefined, questionTextHtml?: string): ClozePiece[] {
  const given = strings(record(answer).gaps);
  const right = rightAnswer === undefined ? null : strings(record(rightAnswer).gaps);
  const shown = (gap: Gap | undefined, typed: string | undefined) => (typed === undefined ? "" : gap?.kind === "choice" ? (textOf(gap.choices, typed) ?? "") : typed);
  const shownHtml = (gap: Gap | undefined, typed: string | undefined) => (gap?.kind === "choice" ? htmlOf(gap.choices, typed) : undefined);
  return clozeParts(questionText, questionTextHtml).map((part) => {
    if (typeof part !== "number") return part;
    const index = part - 1;
    const fraction = gapFractions?.[index];
    return {
      gap: part,
      given: shown(gaps[index], given[index]),
      givenHtml: shownHtml(gaps[index], given[index]),
      right: right === null ? null : shown(gaps[index], right[index]),
      rightHtml: right === null ? undefined : shownHtml(gaps[index], right[index]),
      verdict: fraction === undefined ? null : fraction >= 1 ? "right" : fraction > 0 ? "partial" : "wrong",
    };
  });
}

/** A mark as a reader reads it: at most two decimals (7.6000002 is 7.6). */
export const roundMark = (mark: number) => Math.round(mark * 100) / 100;
