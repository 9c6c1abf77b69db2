import { z } from "@hono/zod-openapi";
import { rateLimit } from "../auth/rate-limit";
import type { AppServices } from "../core/app-services";
import type { Caller } from "../core/caller";
import { invalidFromZod } from "../core/errors";
import { assertAuthor } from "../core/permissions";
import { renderMathsInText } from "../maths/render-tex";
import { MARKING_LIMITS } from "../marking/limits";
import { QUESTION_LIMITS, QUESTION_SAYINGS as M } from "./schemas";

/** An answer key's texts the preview draws (stems, choices, items, dropdown choices): at most a full matching question's. */
const MAX_KEY_TEXTS = MARKING_LIMITS.maxPairs * 2 + MARKING_LIMITS.maxDistractors;

/** What the editor's preview sends: the texts as typed, within the question's own limits. */
const PreviewInput = z.object({
  questionText: z.string().max(QUESTION_LIMITS.questionText, M.questionTextLength).default(""),
  options: z.array(z.string().max(QUESTION_LIMITS.optionText, M.optionLength)).max(QUESTION_LIMITS.maxOptions, M.optionsCount).default([]),
  texts: z.array(z.string().max(MARKING_LIMITS.itemText, M.optionLength)).max(MAX_KEY_TEXTS, M.optionsCount).default([]),
});

/**
 * The largest preview form: the question's text and every option at their limits in CJK
 * (3 UTF-8 bytes a character, each written %XX: 9 bytes) is about 41 KB, and a matching
 * question's 70 key texts of 500 characters about 315 KB more; 384 KiB leaves room for the
 * field names and a multipart encoding. The page action reads no more
 * (app/utils/form-within.server.ts), below the pages' 2 MiB.
 */
export const MATHS_PREVIEW_MAX_BYTES = 384 * 1024;

/**
 * The editor asks again a moment (300 ms) after the author stops typing: a busy author asks
 * a few times a minute. Each answer costs a few milliseconds of rendering, so a script
 * asking without pause is held to one a second over ten minutes.
 */
export const MATHS_PREVIEW_LIMITS = { perTenMinutes: 600, windowMs: 10 * 60 * 1000 } as const;

export interface MathsPreview {
  questionTextHtml: string | null;
  options: (string | null)[];
  /** The answer key's texts, in the order sent. */
  texts: (string | null)[];
}

/**
 * The editor's preview of a question's formulas, drawn by the same renderer that runs when
 * the question is saved (docs/decisions/0066), so the preview is exactly what students get.
 * Authors only; counted per author (MATHS_PREVIEW_LIMITS) before anything is rendered;
 * bounded by the question's own limits (at most 4,500 characters of TeX, and 70 key texts of
 * 500): a few milliseconds, and each formula within the renderer's own limits.
 */
export async function previewQuestionMaths(services: AppServices, caller: Caller, input: unknown): Promise<MathsPreview> {
  assertAuthor(caller);
  await rateLimit(services, [{ key: `maths-preview:${caller.userId}`, limit: MATHS_PREVIEW_LIMITS.perTenMinutes, windowMs: MATHS_PREVIEW_LIMITS.windowMs }]);
  const parsed = PreviewInput.safeParse(input);
  if (!parsed.success) throw invalidFromZod(parsed.error);
  return { questionTextHtml: renderMathsInText(parsed.data.questionText), options: parsed.data.options.map(renderMathsInText), texts: parsed.data.texts.map(renderMathsInText) };
}
