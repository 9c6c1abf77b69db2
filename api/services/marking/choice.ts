import { z } from "@hono/zod-openapi";
import { said } from "./fields";

/** decisions.md: the choice types keep `options` (`radio`, `checkbox` as today, and `trueFalse`). */
export const CHOICE_TYPES = ["radio", "checkbox", "trueFalse"] as const;
export type ChoiceType = (typeof CHOICE_TYPES)[number];

/** At most 5 options per question (spec 9), so at most 5 ids in an answer; the exam's schema says the same. */
const MAX_CHOSEN = 5;

/** decisions.md: `[optionId, …]` for the choice types. */
export const ChoiceAnswer = z
  .array(z.number({ error: said("STUDENT_ANSWER_SHAPE") }).int(said("STUDENT_ANSWER_SHAPE")).positive(said("STUDENT_ANSWER_SHAPE")), { error: said("STUDENT_ANSWER_SHAPE") })
  .max(MAX_CHOSEN, said("STUDENT_ANSWER_TOO_MANY_PARTS", { max: MAX_CHOSEN }));
export type ChoiceAnswer = z.output<typeof ChoiceAnswer>;

/** What marking a choice question needs: its correct option ids. */
export interface ChoiceKey {
  correctOptionIds: readonly number[];
}

/**
 * Today's rule, kept exactly (docs/scoring.md, attempts/scoring.ts): right only for exactly the
 * set of correct options, for radio, checkbox and true/false alike; an id repeated counts once;
 * part of the set, one too many, or an id that is no correct option of the question is wrong.
 * No partial credit for checkbox questions: a school's existing results must not change.
 */
export function markChoice(key: ChoiceKey, chosen: readonly number[]): number {
  // One chosen and one right (every radio and true/false question): the same rule, without two sets.
  if (chosen.length === 1 && key.correctOptionIds.length === 1) return chosen[0] === key.correctOptionIds[0] ? 1 : 0;
  const correct = new Set(key.correctOptionIds);
  const picked = new Set(chosen);
  return picked.size === correct.size && [...picked].every((optionId) => correct.has(optionId)) ? 1 : 0;
}

export const isChoiceAnswered = (chosen: readonly number[]) => chosen.length > 0;

/**
 * decisions.md: a `trueFalse` question has exactly two options, "True" and "False", one of them
 * correct. The editor's and the imports' check of its `options` (the texts as stored, in English:
 * the exam page words them in the student's language).
 */
export const TRUE_FALSE_TEXTS = ["True", "False"] as const;
export const TrueFalseOptions = z
  .array(z.object({ optionText: z.string(), optionStatus: z.boolean() }), { error: said("ANSWER_KEY_TRUE_FALSE_OPTIONS") })
  .refine(
    (options) =>
      options.length === 2 &&
      options[0].optionText.trim() === TRUE_FALSE_TEXTS[0] &&
      options[1].optionText.trim() === TRUE_FALSE_TEXTS[1] &&
      options.filter((option) => option.optionStatus).length === 1,
    said("ANSWER_KEY_TRUE_FALSE_OPTIONS"),
  );
