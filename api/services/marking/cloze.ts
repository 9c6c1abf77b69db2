import { z } from "@hono/zod-openapi";
import { acceptedAnswers, answerObject, answerParts, boundedList, credit, keyNumber, keyObject, oneLineKeyText, said, tolerance, typedText } from "./fields";
import { MARKING_LIMITS as L } from "./limits";
import { readTypedNumber } from "./number-text";
import { markNumber } from "./numerical";
import { AcceptedText, markTypedText } from "./short-answer";

const weight = z
  .number({ error: said("ANSWER_KEY_GAP_WEIGHT", { min: L.minWeight, max: L.maxWeight }) })
  .min(L.minWeight, said("ANSWER_KEY_GAP_WEIGHT", { min: L.minWeight, max: L.maxWeight }))
  .max(L.maxWeight, said("ANSWER_KEY_GAP_WEIGHT", { min: L.minWeight, max: L.maxWeight }))
  .default(1);

/** A text gap: short-answer rules (first match wins, `*` wildcard, spaces ignored), letter case ignored as Moodle's SHORTANSWER gap. */
const TextGap = keyObject({ kind: z.literal("text"), answers: acceptedAnswers(AcceptedText), weight });

/** A number gap: numerical rules without units, one tolerance for the gap's accepted values. */
const NumberGap = keyObject({
  kind: z.literal("number"),
  answers: acceptedAnswers(keyObject({ value: keyNumber, credit })),
  tolerance: tolerance.default(0),
  weight,
});

/** A dropdown gap: its choices (author's order), and the accepted ones among them with their credit. */
const ChoiceGap = keyObject({
  kind: z.literal("choice"),
  choices: boundedList(oneLineKeyText(L.answerText), L.minChoices, L.maxChoices, said("ANSWER_KEY_CHOICES_COUNT", { min: L.minChoices, max: L.maxChoices })),
  answers: acceptedAnswers(AcceptedText),
  weight,
}).refine((gap) => gap.answers.every((answer) => gap.choices.includes(answer.text)), { path: ["answers"], error: said("ANSWER_KEY_CHOICE_UNKNOWN") });

export const ClozeGap = z.discriminatedUnion("kind", [TextGap, NumberGap, ChoiceGap], { error: said("ANSWER_KEY_GAP_KIND") });
export type ClozeGap = z.output<typeof ClozeGap>;
export const CLOZE_GAP_KINDS = ["text", "number", "choice"] as const;

/** decisions.md: the question text holds gaps `{1}`, `{2}`…; `answerKey { gaps: [{ kind, answers, choices?, tolerance?, weight }] }`. */
export const ClozeKey = keyObject({
  gaps: boundedList(ClozeGap, L.minGaps, L.maxGaps, said("ANSWER_KEY_GAPS_COUNT", { min: L.minGaps, max: L.maxGaps })),
});
export type ClozeKey = z.output<typeof ClozeKey>;

/** decisions.md: `{ gaps: [string, …] }` by gap number; a dropdown gap sends its choice's id. */
export const ClozeAnswer = answerObject({ gaps: answerParts(typedText(L.typedText), L.maxGaps) });
export type ClozeAnswer = z.output<typeof ClozeAnswer>;

const GAP_MARK = /\{(\d{1,4})\}/g;

/**
 * Whether the question text holds each gap exactly once, `{1}` to `{n}` for the key's n gaps,
 * and no other gap number; the editor and the imports check it with the text (refused with
 * ANSWER_KEY_GAPS_NOT_IN_TEXT { count }).
 */
export function clozeTextFits(questionText: string, key: Pick<ClozeKey, "gaps">): boolean {
  const numbers = [...questionText.matchAll(GAP_MARK)].map((match) => Number(match[1]));
  const expected = key.gaps.length;
  return numbers.length === expected && new Set(numbers).size === expected && numbers.every((n) => n >= 1 && n <= expected);
}

/** The refusal of a text that does not fit its gaps, as the editor's schema says it. */
export const clozeTextMessage = (key: Pick<ClozeKey, "gaps">) => said("ANSWER_KEY_GAPS_NOT_IN_TEXT", { count: key.gaps.length });

/** The ids a dropdown's choices carry in the attempt, by gap: `choiceIds[g][c]` names `gaps[g].choices[c]`. */
export interface ClozeIds {
  choiceIds: readonly (readonly string[] | undefined)[];
}

export function positionalClozeIds(key: ClozeKey): ClozeIds {
  return { choiceIds: key.gaps.map((gap) => (gap.kind === "choice" ? gap.choices.map((_, c) => String(c)) : undefined)) };
}

/** One gap's fraction (0–1) for what the student put in it. */
export function markGap(gap: ClozeGap, typed: string | undefined, choiceIds: readonly string[] | undefined): number {
  if (typed === undefined || typed.trim() === "") return 0;
  switch (gap.kind) {
    case "text":
      return markTypedText(typed, gap.answers, false);
    case "number": {
      const number = readTypedNumber(typed);
      if (!number || number.unit !== "") return 0;
      return markNumber(number.value, gap.answers.map((answer) => ({ ...answer, tolerance: gap.tolerance })));
    }
    case "choice": {
      const index = (choiceIds ?? gap.choices.map((_, c) => String(c))).indexOf(typed);
      const chosen = index >= 0 ? gap.choices[index] : undefined;
      const accepted = chosen === undefined ? undefined : gap.answers.find((answer) => answer.text === chosen);
      return accepted ? accepted.credit / 100 : 0;
    }
  }
}

/** Each gap's fraction times its weight, over the weights (Moodle's cloze: sub-questions marked by weight). */
export function markCloze(key: ClozeKey, answer: ClozeAnswer, ids: ClozeIds = positionalClozeIds(key)): number {
  let earned = 0;
  let total = 0;
  key.gaps.forEach((gap, g) => {
    earned += gap.weight * markGap(gap, answer.gaps[g], ids.choiceIds[g]);
    total += gap.weight;
  });
  return total > 0 ? earned / total : 0;
}

export const isClozeAnswered = (answer: ClozeAnswer) => answer.gaps.some((typed) => typed.trim() !== "");
