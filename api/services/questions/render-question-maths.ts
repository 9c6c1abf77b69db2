import { createPacer, type Pacer } from "../imports/time-slices";
import { renderMathsInTextPaced, renderMathsPaced } from "../maths/render-tex";
import { isKeyedType } from "../marking/question-types";
import type { ValidQuestion } from "./schemas";
import { renderAnswerKeyMaths, type RenderedKeyTexts } from "./stored-answer-key";

/** A validated question with its formulas rendered: what create, update and the imports store. */
export type RenderedQuestion = Omit<ValidQuestion, "options"> & {
  /** The question text as HTML with MathML, or null when it has no formula. */
  questionTextHtml: string | null;
  options: (ValidQuestion["options"][number] & { optionTextHtml: string | null })[];
  /** The answer key's texts with formulas, rendered (stored-answer-key.ts), or null. */
  answerKeyHtml: RenderedKeyTexts | null;
};

/**
 * Renders the TeX of a question's text, options, answer key and explanation once, when it is saved
 * (docs/decisions/0066): every door that stores a question comes through here. Paced, so a
 * long explanation full of formulas gives the event loop back between formulas; an import
 * passes its own pacer so its rows and their formulas share one rhythm.
 */
export async function renderQuestionMaths(question: ValidQuestion, pacer: Pacer = createPacer()): Promise<RenderedQuestion> {
  const questionTextHtml = await renderMathsInTextPaced(question.questionText, pacer);
  const options: RenderedQuestion["options"] = [];
  for (const option of question.options) options.push({ ...option, optionTextHtml: await renderMathsInTextPaced(option.optionText, pacer) });
  const { optionType, answerKey } = question;
  const answerKeyHtml = answerKey !== null && isKeyedType(optionType) ? await renderAnswerKeyMaths(optionType, answerKey, pacer) : null;
  return { ...question, questionTextHtml, options, answerKeyHtml, answerExplaination: await renderMathsPaced(question.answerExplaination, pacer) };
}
