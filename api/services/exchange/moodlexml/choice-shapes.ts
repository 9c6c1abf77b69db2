import { TRUE_FALSE_TEXTS } from "../../marking/choice";
import { isProblem, type KeyedShape, type MoodleProblem, refused } from "./moodle-problem";
import { partText } from "./moodle-text";
import { attribute, children, elementText, numberOf, value, type XmlNode } from "./xml-node";

/** Moodle's answer fraction (`fraction="50"`, percent; 1.x files may write `<fraction>0.5</fraction>`). */
export function fractionOf(answer: XmlNode): number {
  const attributeValue = attribute(answer, "fraction");
  if (attributeValue !== undefined) return numberOf(attributeValue);
  const tag = value(answer, "fraction");
  return tag === undefined ? 0 : numberOf(tag) * 100;
}

const isFull = (fraction: number) => Math.abs(fraction - 100) < 1e-4;
/** Moodle's credits are 7-decimal fractions: 33.33333 thrice is a whole mark. */
const addsToWhole = (fractions: number[]) => Math.abs(fractions.reduce((sum, f) => sum + f, 0) - 100) < 0.01;

/**
 * multichoice → radio or checkbox (docs/decisions/0083, "Credits"). Our choices are right or
 * wrong: a radio question has one right option, a checkbox question is right only for exactly
 * its right options. So a single-answer question whose answers give partial credit (between 0
 * and 100 %) cannot be said and is rejected; a multiple-answer one's right options are those
 * with a positive fraction, which must add up to 100 % (a whole mark for all of them), and its
 * negative fractions (Moodle's penalty for a wrong choice) become wrong options: picking one
 * earns nothing here rather than less than nothing. One right option is a radio question.
 */
export function multichoice(question: XmlNode, format?: string): KeyedShape | MoodleProblem {
  const single = !["false", "0"].includes((value(question, "single") ?? "true").toLowerCase());
  const answers = children(question, "answer");
  const options: { optionText: string; optionStatus: boolean }[] = [];
  const positive: number[] = [];
  for (const answer of answers) {
    const text = partText(answer, format);
    if (typeof text !== "string") return text;
    const fraction = fractionOf(answer);
    if (single && fraction > 0 && !isFull(fraction)) return refused("moodleXmlPartialCredit");
    if (fraction > 0) positive.push(fraction);
    options.push({ optionText: text, optionStatus: fraction > 0 });
  }
  if (!single && positive.length > 0 && !addsToWhole(positive)) return refused("moodleXmlCreditsNotWhole");
  const right = options.filter((option) => option.optionStatus);
  return { optionType: single || right.length === 1 ? "radio" : "checkbox", options, rightAnswer: `Correct answer: ${right.map((o) => o.optionText).join("; ")}` };
}

/** truefalse → trueFalse: the answer whose text is "true" (or, in files before Moodle 2, the first) is True; the right one has fraction 100. */
export function truefalse(question: XmlNode): KeyedShape {
  const answers = children(question, "answer");
  const named = answers.map((answer, index) => {
    const text = elementText(answer).toLowerCase();
    return { isTrue: text === "true" || (text !== "false" && index === 0), right: isFull(fractionOf(answer)) };
  });
  const trueAnswer = named.find((answer) => answer.isTrue);
  const falseAnswer = named.find((answer) => !answer.isTrue);
  // As Moodle reads it: True is right when its answer has 100 %, or (no True answer) when False's has not.
  const trueIsRight = trueAnswer ? trueAnswer.right : !falseAnswer?.right;
  const [yes, no] = TRUE_FALSE_TEXTS;
  return {
    optionType: "trueFalse",
    options: [
      { optionText: yes, optionStatus: trueIsRight },
      { optionText: no, optionStatus: !trueIsRight },
    ],
    rightAnswer: `Correct answer: ${trueIsRight ? yes : no}`,
  };
}

/** Every answer's text, or the first problem among them. */
export function partTexts(nodes: XmlNode[], format: string | undefined, read: (node: XmlNode) => XmlNode | undefined = (node) => node): string[] | MoodleProblem {
  const texts: string[] = [];
  for (const node of nodes) {
    const text = partText(read(node), format);
    if (typeof text !== "string") return text;
    texts.push(text);
  }
  return texts;
}

export { isProblem };
