import type { AnswerPart } from "../../../../api/services/attempts/answer-view";
import { type MathsSay, mathsAsText } from "../../maths/maths-as-text";
import { TextWithMaths } from "../../maths/TextWithMaths";
import type { SelectOption } from "../../ui/Select";

/**
 * A list's parts as Select options: a part with a formula draws its MathML and is named (and
 * found by typeahead) by its words, since react-aria names no option from MathML; the others by their text.
 */
export const partOptions = (parts: readonly AnswerPart[], say: MathsSay): SelectOption[] =>
  parts.map((part) => (part.textHtml ? { id: part.id, label: mathsAsText(part.textHtml, say), content: <TextWithMaths text={part.text} html={part.textHtml} /> } : { id: part.id, label: part.text }));
