import { z } from "@hono/zod-openapi";
import { acceptedAnswers, answerObject, credit, keyObject, keyText, said, typedText } from "./fields";
import { MARKING_LIMITS as L } from "./limits";
import { matchesAnswer } from "./wildcard";

/** One accepted short answer: its text (`*` a wildcard, `\*` an asterisk) and its credit (%). */
export const AcceptedText = keyObject({ text: keyText(L.answerText), credit });

/** decisions.md: `shortAnswer { answers: [{ text, credit }], caseSensitive }`. */
export const ShortAnswerKey = keyObject({
  answers: acceptedAnswers(AcceptedText),
  caseSensitive: z.boolean({ error: said("ANSWER_KEY_CASE_RULE") }).default(false),
});
export type ShortAnswerKey = z.output<typeof ShortAnswerKey>;

/** decisions.md: `{ text }`. */
export const ShortAnswerAnswer = answerObject({ text: typedText(L.typedText) });
export type ShortAnswerAnswer = z.output<typeof ShortAnswerAnswer>;

/**
 * The credit of the first accepted answer, in the author's order, that the typed text matches
 * (Moodle: "the first matching answer wins", so a catch-all `*` at 0 % goes last); 0 when none
 * does. Credits are percentages; the fraction is credit / 100.
 */
export function markTypedText(typed: string, answers: ShortAnswerKey["answers"], caseSensitive: boolean): number {
  if (typed.trim() === "") return 0;
  const first = answers.find((answer) => matchesAnswer(typed, answer.text, caseSensitive));
  return first ? first.credit / 100 : 0;
}

export function markShortAnswer(key: ShortAnswerKey, answer: ShortAnswerAnswer): number {
  return markTypedText(answer.text, key.answers, key.caseSensitive);
}

export const isShortAnswerAnswered = (answer: ShortAnswerAnswer) => answer.text.trim() !== "";
