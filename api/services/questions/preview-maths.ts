import { z } from "@hono/zod-openapi";
import type { Caller } from "../core/caller";
import { Invalid } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { renderMathsInText } from "../maths/render-tex";
import { QUESTION_LIMITS, QUESTION_MESSAGES as M } from "./schemas";

/** What the editor's preview sends: the texts as typed, within the question's own limits. */
const PreviewInput = z.object({
  questionText: z.string().max(QUESTION_LIMITS.questionText, M.questionTextLength).default(""),
  options: z.array(z.string().max(QUESTION_LIMITS.optionText, M.optionLength)).max(QUESTION_LIMITS.maxOptions, M.optionsCount).default([]),
});

export interface MathsPreview {
  questionTextHtml: string | null;
  options: (string | null)[];
}

/**
 * The editor's preview of a question's formulas, drawn by the same renderer that runs when
 * the question is saved (docs/decisions/0066), so the preview is exactly what students get.
 * Bounded by the question's own limits (at most 4,500 characters of TeX): a few milliseconds.
 */
export function previewQuestionMaths(caller: Caller, input: unknown): MathsPreview {
  assertAuthor(caller);
  const parsed = PreviewInput.safeParse(input);
  if (!parsed.success) throw new Invalid(parsed.error.issues[0].message);
  return { questionTextHtml: renderMathsInText(parsed.data.questionText), options: parsed.data.options.map(renderMathsInText) };
}
