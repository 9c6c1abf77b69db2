import { z } from "@hono/zod-openapi";
import { sanitiseExplanation } from "../questions/sanitise-explanation";
import { answerObject, boundedList, hasTwoDecimals, keyObject, keyText, keyHtml, said } from "./fields";
import { MARKING_LIMITS as L } from "./limits";

const wordLimit = z
  .number({ error: said("ANSWER_KEY_WORD_LIMIT", { max: L.maxWords }) })
  .int(said("ANSWER_KEY_WORD_LIMIT", { max: L.maxWords }))
  .min(1, said("ANSWER_KEY_WORD_LIMIT", { max: L.maxWords }))
  .max(L.maxWords, said("ANSWER_KEY_WORD_LIMIT", { max: L.maxWords }));

const points = z
  .number({ error: said("ANSWER_KEY_POINTS") })
  .min(0, said("ANSWER_KEY_POINTS"))
  .max(100, said("ANSWER_KEY_POINTS"))
  .refine(hasTwoDecimals, said("ANSWER_KEY_POINTS"));

export const RubricLevel = keyObject({ label: keyText(L.answerText), points });
export const RubricCriterion = keyObject({
  criterion: keyText(L.itemText),
  levels: boundedList(RubricLevel, L.minLevels, L.maxLevels, said("ANSWER_KEY_LEVELS_COUNT", { min: L.minLevels, max: L.maxLevels })),
});

/** decisions.md: `essay { minWords?, maxWords?, graderInfo, responseTemplate, rubric?: [{ criterion, levels: [{ label, points }] }] }`. */
export const EssayKey = keyObject({
  minWords: wordLimit.optional(),
  maxWords: wordLimit.optional(),
  graderInfo: keyHtml.default(""),
  responseTemplate: keyHtml.default(""),
  rubric: boundedList(RubricCriterion, 1, L.maxCriteria, said("ANSWER_KEY_CRITERIA_COUNT", { max: L.maxCriteria })).optional(),
}).refine((key) => key.minWords === undefined || key.maxWords === undefined || key.minWords <= key.maxWords, {
  path: ["minWords"],
  error: said("ANSWER_KEY_WORD_LIMITS_ORDER"),
});
export type EssayKey = z.output<typeof EssayKey>;

const tooLong = said("STUDENT_ANSWER_TOO_LONG", { max: L.essayHtml });

/**
 * decisions.md: `{ html }`, sanitised (the explanations' sanitiser: ADR 0014), at most 20,000
 * characters. The raw text is bounded first so the sanitiser's work is (ADR 0057).
 */
export const EssayAnswer = answerObject({
  html: z.string({ error: said("STUDENT_ANSWER_SHAPE") }).max(L.essayHtmlRaw, tooLong).transform(sanitiseExplanation).pipe(z.string().max(L.essayHtml, tooLong)),
});
export type EssayAnswer = z.output<typeof EssayAnswer>;

/** Words of an essay as the page counts them against the limits: runs of letters or digits between tags and spaces. */
export function essayWordCount(html: string): number {
  return essayText(html).match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/**
 * Whether an essay has a word at all (essayWordCount > 0): a word starts with a letter or a
 * digit, so one such character outside tags and entities is enough. Marking asks it of every
 * essay of every submit and review, where counting a long essay's words was wasted work.
 */
export function hasEssayWord(html: string): boolean {
  return /[\p{L}\p{N}]/u.test(essayText(html));
}

/** The essay's text as words are counted in it: tags and entities are spaces. */
const essayText = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&[#\w]+;/g, " ");

export const isEssayAnswered = (answer: EssayAnswer) => hasEssayWord(answer.html);
