import { htmlToText } from "../html-to-text";
import { childElements, isElement, toHtml, type XmlElement, type XmlNode } from "./xml-tree";

/** Parts of a body that a student sees only after answering, or that are for graders: never in the question text. */
const HIDDEN = new Set(["feedbackBlock", "feedbackInline", "rubricBlock", "templateBlock", "templateInline", "modalFeedback"]);

/**
 * A copy of the body's nodes with each element `replace` answers for swapped (an interaction
 * for its prompt, a gap for `{n}`) and hidden parts dropped.
 */
export function rewriteBody(nodes: XmlNode[], replace: (element: XmlElement) => XmlNode[] | undefined): XmlNode[] {
  const out: XmlNode[] = [];
  for (const node of nodes) {
    if (!isElement(node)) {
      out.push(node);
      continue;
    }
    if (HIDDEN.has(node.name)) continue;
    const swapped = replace(node);
    if (swapped) out.push(...swapped);
    else out.push({ ...node, children: rewriteBody(node.children, replace) });
  }
  return out;
}

/** An interaction's prompt as a paragraph of the question (the rest of the interaction is its answer). */
export const promptOf = (interaction: XmlElement): XmlNode[] => {
  const prompt = childElements(interaction, "prompt")[0];
  return prompt ? [{ name: "p", attrs: {}, children: prompt.children }] : [];
};

/** Body nodes as the question's plain text, and the src of its first image. */
export const bodyText = (nodes: XmlNode[]) => htmlToText(toHtml(nodes));

/** An option's, item's or gap choice's words: its markup as plain text on one line. */
export const plainOf = (element: XmlElement) => htmlToText(toHtml(element.children)).text.replace(/\s*\n\s*/g, " ");
