import { z } from "@hono/zod-openapi";
import { schemaMessage } from "../core/coded";
import { ONE_LINE } from "../core/single-line";
import { sanitiseExplanation } from "../questions/sanitise-explanation";
import { MARKING_LIMITS as L } from "./limits";
import type { AnswerKeyCode, StudentAnswerCode } from "./messages";

/** The pieces every type's key and answer schema is made of, each refusing with its code. */

/** A rule's message by its code and values (a marker the zod conversion renders: core/coded.ts). */
export const said = (code: AnswerKeyCode | StudentAnswerCode | "TEXT_NOT_ONE_LINE", params?: Record<string, number>) => schemaMessage(code, params);

/** An author's text: trimmed, 1 to `max` characters. */
export const keyText = (max: number) => {
  const message = said("ANSWER_KEY_TEXT_LENGTH", { max });
  return z.string({ error: message }).trim().min(1, message).max(max, message);
};

/** An author's text on one line (a unit, a dropdown choice): no control characters or line breaks. */
export const oneLineKeyText = (max: number) => keyText(max).regex(ONE_LINE, said("TEXT_NOT_ONE_LINE"));

/**
 * An author's rich text that may be empty (an essay's grader information or response template,
 * which pages render as HTML): the explanations' sanitiser (ADR 0014), the raw text bounded
 * first so the sanitiser's work is (ADR 0057), then at most 20,000 characters.
 */
export const keyHtml = z
  .string({ error: said("ANSWER_KEY_TEXT_TOO_LONG", { max: L.essayHtml }) })
  .max(L.essayHtmlRaw, said("ANSWER_KEY_TEXT_TOO_LONG", { max: L.essayHtml }))
  .transform(sanitiseExplanation)
  .pipe(z.string().max(L.essayHtml, said("ANSWER_KEY_TEXT_TOO_LONG", { max: L.essayHtml })));

/** Credit of an accepted answer: 0–100 (%), any finite number in between (zod refuses NaN and ±Infinity). */
export const credit = z.number({ error: said("ANSWER_KEY_CREDIT") }).min(0, said("ANSWER_KEY_CREDIT")).max(100, said("ANSWER_KEY_CREDIT"));

/** A number of the key: a JSON number, finite (decisions.md: numbers in keys are JSON numbers). */
export const keyNumber = z.number({ error: said("ANSWER_KEY_NUMBER") });

/** 0 or more, finite. */
export const tolerance = z.number({ error: said("ANSWER_KEY_TOLERANCE") }).min(0, said("ANSWER_KEY_TOLERANCE"));

/** Whether a number has at most two decimals, allowing for binary fractions (0.1 + 0.2). */
export function hasTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/** decisions.md: `defaultMark`, 0.5–100 with at most two decimals; 1 when the author gives none. */
export const defaultMark = z
  .number({ error: said("ANSWER_KEY_DEFAULT_MARK") })
  .min(L.minMark, said("ANSWER_KEY_DEFAULT_MARK"))
  .max(L.maxMark, said("ANSWER_KEY_DEFAULT_MARK"))
  .refine(hasTwoDecimals, said("ANSWER_KEY_DEFAULT_MARK"))
  .default(1);

/**
 * A list of `min` to `max` entries, refused with `message` when it is not a list or has too many
 * or too few. zod checks the length before it reads any entry, so 10,000 entries cost nothing.
 */
export const boundedList = <T extends z.ZodType>(entry: T, min: number, max: number, message: string) => z.array(entry, { error: message }).min(min, message).max(max, message);

/** The accepted answers of a question or gap: 1 to 20, one of them worth 100 %. */
export const acceptedAnswers = <T extends z.ZodType<{ credit: number }>>(entry: T) =>
  boundedList(entry, 1, L.maxAnswers, said("ANSWER_KEY_ANSWERS_COUNT", { min: 1, max: L.maxAnswers })).refine(
    (answers) => answers.some((answer) => answer.credit === 100),
    said("ANSWER_KEY_FULL_CREDIT_NEEDED"),
  );

/** What a student typed (a short answer, a cloze gap, a number, a unit): text up to `max` characters. */
export const typedText = (max: number) =>
  z.string({ error: said("STUDENT_ANSWER_SHAPE") }).max(max, said("STUDENT_ANSWER_TOO_LONG", { max }));

/** An opaque id the attempt gave a stem, a choice or an item (issue 26: ids of another question never help). */
export const opaqueId = z.string({ error: said("STUDENT_ANSWER_SHAPE") }).min(1, said("STUDENT_ANSWER_SHAPE")).max(L.idText, said("STUDENT_ANSWER_SHAPE"));

/** A student's list of parts (pairs, items, gaps): at most `max`, refused before any is read. */
export const answerParts = <T extends z.ZodType>(entry: T, max: number) =>
  z.array(entry, { error: said("STUDENT_ANSWER_SHAPE") }).max(max, said("STUDENT_ANSWER_TOO_MANY_PARTS", { max }));

/** The object a student's answer is, refused as a whole when it is something else. */
export const answerObject = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape, { error: said("STUDENT_ANSWER_SHAPE") });

/** An author's key object of one type. */
export const keyObject = <S extends z.ZodRawShape>(shape: S) => z.object(shape, { error: said("ANSWER_KEY_SHAPE") });

/** 1 when the fraction is whole, 0 when nothing was earned, otherwise partial (fractions are kept to 7 decimals). */
export function roundFraction(fraction: number): number {
  if (!(fraction > 0)) return 0;
  if (fraction >= 1) return 1;
  return Math.round(fraction * 1e7) / 1e7;
}
