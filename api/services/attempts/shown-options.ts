import type { AppServices } from "../core/app-services";
import { signFileUrl } from "../files/signed-url";
import { withMaths } from "../maths/render-tex";
import type { QuestionType } from "../marking/question-types";

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

/**
 * The signed URL of each image key (signed once each, before a paper or result is built
 * synchronously): most papers have none, and 50 questions should not wait on 50 promises.
 */
export async function signedImages(services: AppServices, keys: Iterable<string>): Promise<Map<string, string>> {
  const distinct = [...new Set(keys)];
  if (distinct.length === 0) return new Map();
  return new Map(await Promise.all(distinct.map(async (key) => [key, await signFileUrl(services, key)] as const)));
}

/** What the paper and the result both show of a question first: its ids, text (with formulas), signed image and type. */
export function shownQuestionHead(question: { id: number; questionText: string; questionHtml: string | null; questionImage: string | null; optionType: QuestionType }, signed: ReadonlyMap<string, string>) {
  return {
    id: question.id,
    questionId: question.id,
    questionText: question.questionText,
    ...withMaths("questionTextHtml", question.questionHtml),
    questionImage: question.questionImage ? signed.get(question.questionImage)! : null,
    optionType: question.optionType,
  };
}
