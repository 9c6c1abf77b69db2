import { TRUE_FALSE_TEXTS } from "../../marking/choice";
import type { ToleranceKey } from "./custom-processing";
import { creditedKeys, type Response, rightKeys } from "./responses";
import { plainOf } from "./item-text";
import { childElements, type XmlElement } from "./xml-tree";

/**
 * Each supported interaction as the editor's question shape (decisions.md "Authoring
 * shapes"); whether it is a good question (counts, lengths, credits) is left to
 * validateQuestion, as for every import. A shape the interaction cannot be put in answers the
 * reason code instead.
 */
export type Shape = { optionType: string; options?: unknown[]; answerKey?: unknown; rightAnswer: string } | { reason: "qtiNoCorrectResponse" | "qtiMatchNotOneToOne" };

const NUMBER_TYPES = new Set(["float", "integer"]);
const said = (answer: string) => `Correct answer: ${answer}`;

/** choiceInteraction: one right choice is radio, several checkbox; exactly the two choices True and False is trueFalse. */
export function choiceShape(interaction: XmlElement, response: Response): Shape {
  const right = rightKeys(response);
  if (right.size === 0) return { reason: "qtiNoCorrectResponse" };
  const options = childElements(interaction, "simpleChoice").map((choice) => ({ optionText: plainOf(choice), optionStatus: right.has(choice.attrs.identifier ?? "") }));
  const named = options.filter((option) => option.optionStatus).map((option) => option.optionText).join("; ");
  const [yes, no] = TRUE_FALSE_TEXTS;
  const trueFalse = options.length === 2 && right.size === 1 && new Set(options.map((option) => option.optionText.toLowerCase())).size === 2 && options.every((option) => [yes.toLowerCase(), no.toLowerCase()].includes(option.optionText.toLowerCase()));
  if (trueFalse) {
    const isTrue = options.some((option) => option.optionStatus && option.optionText.toLowerCase() === yes.toLowerCase());
    return { optionType: "trueFalse", options: [{ optionText: yes, optionStatus: isTrue }, { optionText: no, optionStatus: !isTrue }], rightAnswer: said(isTrue ? yes : no) };
  }
  return { optionType: right.size === 1 ? "radio" : "checkbox", options, rightAnswer: said(named) };
}

/** textEntryInteraction alone: a float or integer response is numerical, else short answer (exact text: case counts unless the mapping says not). */
export function textEntryShape(response: Response): Shape {
  const keys = creditedKeys(response);
  if (keys.length === 0) return { reason: "qtiNoCorrectResponse" };
  const named = said(keys.filter((key) => key.credit === 100).map((key) => key.key).join("; "));
  if (NUMBER_TYPES.has(response.baseType)) {
    return { optionType: "numerical", answerKey: { answers: keys.map((key) => ({ value: Number(key.key), tolerance: 0, credit: key.credit })), units: [], unitRequired: false }, rightAnswer: named };
  }
  return { optionType: "shortAnswer", answerKey: { answers: keys.map((key) => ({ text: key.key, credit: key.credit })), caseSensitive: caseCounts(response) }, rightAnswer: named };
}

/** A lone number text entry scored by our export's tolerance chain (custom-processing.ts): each value with its tolerance and credit, in order. */
export function toleranceShape(key: ToleranceKey): Shape {
  if (key.answers.length === 0) return { reason: "qtiNoCorrectResponse" };
  const right = key.answers.filter((answer) => answer.credit === 100).map((answer) => (answer.tolerance > 0 ? `${answer.value} ± ${answer.tolerance}` : String(answer.value)));
  return { optionType: "numerical", answerKey: { answers: key.answers, units: [], unitRequired: false }, rightAnswer: said(right.join("; ")) };
}

/** match_correct compares strings exactly; a mapping ignores case where its entries say caseSensitive="false". */
const caseCounts = (response: Response) => (response.mapping ? response.mapping.every((entry) => entry.caseSensitive) : true);

/** extendedTextInteraction: an essay, marked by a teacher. */
export const essayShape = (): Shape => ({ optionType: "essay", answerKey: {}, rightAnswer: "Marked by a teacher." });

/** matchInteraction: the first set's choices are the stems, the second's the answers; each stem needs exactly one right answer; answers in no pair are distractors. */
export function matchShape(interaction: XmlElement, response: Response): Shape {
  const [stems, targets] = childElements(interaction, "simpleMatchSet").map((set) => childElements(set, "simpleAssociableChoice"));
  if (!stems || !targets) return { reason: "qtiMatchNotOneToOne" };
  const pairs = [...rightKeys(response)].map((pair) => pair.split(/\s+/));
  const textOfId = new Map([...stems, ...targets].map((choice) => [choice.attrs.identifier ?? "", plainOf(choice)]));
  const used = new Set<string>();
  const keyed: { stem: string; choice: string }[] = [];
  for (const stem of stems) {
    const mine = pairs.filter(([source]) => source === stem.attrs.identifier);
    if (mine.length !== 1 || !textOfId.has(mine[0][1])) return { reason: "qtiMatchNotOneToOne" };
    used.add(mine[0][1]);
    keyed.push({ stem: plainOf(stem), choice: textOfId.get(mine[0][1])! });
  }
  const distractors = targets.filter((target) => !used.has(target.attrs.identifier ?? "")).map(plainOf);
  return { optionType: "matching", answerKey: { pairs: keyed, distractors }, rightAnswer: said(keyed.map((pair) => `${pair.stem} → ${pair.choice}`).join("; ")) };
}

/** orderInteraction: the correct response is every choice in the right order. */
export function orderShape(interaction: XmlElement, response: Response): Shape {
  const choices = new Map(childElements(interaction, "simpleChoice").map((choice) => [choice.attrs.identifier ?? "", plainOf(choice)]));
  const order = response.correct;
  if (order.length !== choices.size || order.some((id) => !choices.has(id))) return { reason: "qtiNoCorrectResponse" };
  const items = order.map((id) => choices.get(id)!);
  return { optionType: "ordering", answerKey: { items, grading: "allOrNothing" }, rightAnswer: said(items.join(" → ")) };
}
