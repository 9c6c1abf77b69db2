import { withMaths } from "../maths/render-tex";

/** An option as a student's paper and result show it: the attempt's own id, its text, and its formulas rendered only when it has some. */
export interface ShownOption {
  id: number;
  optionText: string;
  /** Only when the text has formulas: it with them rendered to MathML (docs/decisions/0066). */
  optionTextHtml?: string;
}

/**
 * One question's options with the ids this attempt shows (`shownOf`: AttemptOptionIds.shownIdsOf,
 * worked out once per question), in the order those give (option-ids.ts). Each option is built
 * once: the paper and the result list every option of 50 questions (issue 25 point 8).
 */
export function shownOptionsOf(shownOf: ReadonlyMap<number, number>, options: readonly { id: number; optionText: string; optionHtml: string | null }[]): ShownOption[] {
  return options
    .map((option): ShownOption => {
      const id = shownOf.get(option.id)!;
      return option.optionHtml === null ? { id, optionText: option.optionText } : { id, optionText: option.optionText, ...withMaths("optionTextHtml", option.optionHtml) };
    })
    .sort((a, b) => a.id - b.id);
}

/** Stored ids of chosen (or right) options → the ids the attempt shows, ascending (as AttemptOptionIds.shownChoice, on the question's mapping). */
export function shownChoiceOf(shownOf: ReadonlyMap<number, number>, stored: readonly number[]): number[] {
  if (stored.length === 0) return [];
  if (stored.length === 1) return [shownOf.get(stored[0])!];
  return stored.map((id) => shownOf.get(id)!).sort((a, b) => a - b);
}
