import { mathsHtmlForPage, renderMathsInTextPaced, renderMathsPaced } from "../maths/render-tex";
import type { Pacer } from "../imports/time-slices";
import type { KeyedType } from "../marking/question-types";
import type { AnswerKeyOf } from "../marking/schemas";

/** Any type's answer key, as the marking engine's schemas give it (decisions.md "Authoring shapes"). */
export type AnswerKey = AnswerKeyOf<KeyedType>;

/**
 * A key's texts with formulas, rendered when the question was saved (docs/decisions/0066,
 * 0067), by the text's path in the key: `pairs.0.stem`, `pairs.0.choice`, `distractors.1`,
 * `items.2`, `gaps.0.choices.1`, `responseTemplate`, `graderInfo`. Only texts with formulas
 * are listed, so a key without maths stores nothing more.
 */
export type RenderedKeyTexts = Record<string, string>;

/**
 * `questions.answer_key` as stored: the key in its schema's shape (ANSWER_KEY_SCHEMAS parses it
 * as it is: zod drops the extra field) plus `rendered`, its texts with formulas. Beside the key
 * in the same JSON rather than in a column of its own: the key and its rendering are written and
 * read together, by the same authoring and exam code, and one column keeps them in step.
 */
export type StoredAnswerKey = AnswerKey & { rendered?: RenderedKeyTexts };

interface KeyText {
  path: string;
  text: string;
  /** An essay's template and grader information are HTML (sanitised), the others plain text. */
  html: boolean;
}

/** The texts of a key a student or a grader reads, where a teacher may write TeX. */
export function keyTextsWithMaths(type: KeyedType, key: AnswerKey): KeyText[] {
  const plain = (path: string, text: string): KeyText => ({ path, text, html: false });
  switch (type) {
    case "matching": {
      const { pairs, distractors } = key as AnswerKeyOf<"matching">;
      return [
        ...pairs.flatMap((pair, p) => [plain(`pairs.${p}.stem`, pair.stem), plain(`pairs.${p}.choice`, pair.choice)]),
        ...distractors.map((text, d) => plain(`distractors.${d}`, text)),
      ];
    }
    case "ordering":
      return (key as AnswerKeyOf<"ordering">).items.map((text, i) => plain(`items.${i}`, text));
    case "cloze":
      return (key as AnswerKeyOf<"cloze">).gaps.flatMap((gap, g) => (gap.kind === "choice" ? gap.choices.map((text, c) => plain(`gaps.${g}.choices.${c}`, text)) : []));
    case "essay": {
      const { responseTemplate, graderInfo } = key as AnswerKeyOf<"essay">;
      return [
        { path: "responseTemplate", text: responseTemplate, html: true },
        { path: "graderInfo", text: graderInfo, html: true },
      ];
    }
    // What a student types is compared with these, never shown before the review: kept as typed.
    case "shortAnswer":
    case "numerical":
      return [];
  }
}

/** Renders the formulas of a key's texts, paced as the question's own texts are (render-question-maths.ts). */
export async function renderAnswerKeyMaths(type: KeyedType, key: AnswerKey, pacer: Pacer): Promise<RenderedKeyTexts | null> {
  const rendered: RenderedKeyTexts = {};
  for (const { path, text, html } of keyTextsWithMaths(type, key)) {
    if (!text) continue;
    const out = html ? await renderMathsPaced(text, pacer) : await renderMathsInTextPaced(text, pacer);
    if (out !== null && out !== text) rendered[path] = out;
  }
  return Object.keys(rendered).length > 0 ? rendered : null;
}

/** What `questions.answer_key` stores for a key and its rendered texts; null for the choice types. */
export function storedAnswerKey(key: AnswerKey | null, rendered: RenderedKeyTexts | null): StoredAnswerKey | null {
  if (key === null) return null;
  return rendered ? { ...key, rendered } : key;
}

/**
 * A stored key split into the key and its rendered texts, each rendered text kept only when it is
 * exactly what the renderer and sanitiser write (as `withMaths` keeps a question's). For authors
 * and graders; a student's paper takes from it only what answering needs.
 */
export function readStoredAnswerKey(stored: unknown): { answerKey: AnswerKey | null; rendered: RenderedKeyTexts } {
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return { answerKey: null, rendered: {} };
  const { rendered: raw, ...answerKey } = stored as StoredAnswerKey;
  const rendered: RenderedKeyTexts = {};
  if (typeof raw === "object" && raw !== null) {
    for (const [path, html] of Object.entries(raw)) {
      const sound = typeof html === "string" ? mathsHtmlForPage(html) : null;
      if (sound !== null) rendered[path] = sound;
    }
  }
  return { answerKey: answerKey as AnswerKey, rendered };
}
