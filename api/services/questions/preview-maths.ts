import { z } from "@hono/zod-openapi";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { renderMathsInText } from "../maths/render-tex";
import { MARKING_LIMITS } from "../marking/limits";
import { QUESTION_LIMITS, QUESTION_MESSAGES as M } from "./schemas";

/** An answer key's texts the preview draws (stems, choices, items, dropdown choices): at most a full matching question's. */
const MAX_KEY_TEXTS = MARKING_LIMITS.maxPairs * 2 + MARKING_LIMITS.maxDistractors;

/** What the editor's preview sends: the texts as typed, within the question's own limits. */
const PreviewInput = z.object({
  questionText: z.string().max(QUESTION_LIMITS.questionText, M.questionTextLength).default(""),
  options: z.array(z.string().max(QUESTION_LIMITS.optionText, M.optionLength)).max(QUESTION_LIMITS.maxOptions, M.optionsCount).default([]),
  texts: z.array(z.string().max(MARKING_LIMITS.itemText, M.optionLength)).max(MAX_KEY_TEXTS, M.optionsCount).default([]),
});

export interface MathsPreview {
  questionTextHtml: string | null;
  options: (string | null)[];
  /** The answer key's texts, in the order sent. */
  texts: (string | null)[];
}

/**
 * The editor's preview of a question's formulas, drawn by the same renderer that runs when
 * the question is saved (docs/decisions/0066), so the preview is exactly what students get.
 * Bounded by the question's own limits (at most 4,500 characters of TeX, and 70 key texts of
 * 500): a few milliseconds, and each formula within the renderer's own limits.
 */
export function previewQuestionMaths(caller: Caller, input: unknown): MathsPreview {
  assertAuthor(caller);
  const parsed = PreviewInput.safeParse(input);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0].message);
  return { questionTextHtml: renderMathsInText(parsed.data.questionText), options: parsed.data.options.map(renderMathsInText), texts: parsed.data.texts.map(renderMathsInText) };
}
