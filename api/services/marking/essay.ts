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
  const text = html.replace(/<[^>]*>/g, " ").replace(/&[#\w]+;/g, " ");
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

export const isEssayAnswered = (answer: EssayAnswer) => essayWordCount(answer.html) > 0;
