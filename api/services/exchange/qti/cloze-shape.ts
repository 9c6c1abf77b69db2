import type { GapTolerance } from "./custom-processing";
import { creditedKeys, type Response, rightKeys } from "./responses";
import { plainOf, promptOf, rewriteBody } from "./item-text";
import { childElements, descendants, type XmlElement, type XmlNode } from "./xml-tree";

type Gap = ({ kind: "text"; answers: { text: string; credit: number }[] } | { kind: "number"; answers: { value: number; credit: number }[]; tolerance: number } | { kind: "choice"; choices: string[]; answers: { text: string; credit: number }[] }) & { weight?: number };

/** A cloze question's body with `{1}`, `{2}`… where its gaps are, and the gaps' keys; or why it cannot be one. */
export type ClozeShape = { nodes: XmlNode[]; gaps: Gap[] } | { reason: "qtiNoCorrectResponse" | "qtiGapMatchUnmapped" };

const gapMark = (n: number): XmlNode[] => [{ text: `{${n}}` }];

/**
 * Text entries and inline choices inside the text (QTI's way of writing a cloze): each is a
 * gap in place, a text entry a text gap (a number gap for a float or integer response) and an
 * inline choice a dropdown gap. `weights` (by response identifier) are the gaps' weights when
 * the item's processing says them (custom-processing.ts), else each weighs 1; `tolerances` the
 * number gaps that processing scores with a tolerance (their values and credits are its own).
 */
export function inlineGaps(body: XmlElement, responses: Map<string, Response>, weights?: Map<string, number>, tolerances?: Map<string, GapTolerance>): ClozeShape {
  const gaps: Gap[] = [];
  let missing = false;
  const nodes = rewriteBody(body.children, (element) => {
    if (element.name !== "textEntryInteraction" && element.name !== "inlineChoiceInteraction") return undefined;
    const id = element.attrs.responseIdentifier ?? "";
    const response = responses.get(id);
    const withTolerance = tolerances?.get(id);
    const gap = withTolerance ? ({ kind: "number", ...withTolerance } as const) : response && gapOf(element, response);
    if (!gap) missing = true;
    else gaps.push({ ...gap, weight: weights?.get(id) ?? 1 });
    return gapMark(gaps.length);
  });
  return missing ? { reason: "qtiNoCorrectResponse" } : { nodes, gaps };
}

function gapOf(interaction: XmlElement, response: Response): Gap | undefined {
  const keys = creditedKeys(response);
  if (keys.length === 0) return undefined;
  if (interaction.name === "textEntryInteraction") {
    if (response.baseType === "float" || response.baseType === "integer") return { kind: "number", answers: keys.map((key) => ({ value: Number(key.key), credit: key.credit })), tolerance: 0 };
    return { kind: "text", answers: keys.map((key) => ({ text: key.key, credit: key.credit })) };
  }
  const texts = new Map(childElements(interaction, "inlineChoice").map((choice) => [choice.attrs.identifier ?? "", plainOf(choice)]));
  if (keys.some((key) => !texts.has(key.key))) return undefined;
  return { kind: "choice", choices: [...texts.values()], answers: keys.map((key) => ({ text: texts.get(key.key)!, credit: key.credit })) };
}

/**
 * gapMatchInteraction as dropdown gaps: every gap offers all the gap texts and takes the one
 * its pair names. Image gaps (gapImg), and a gap with no pair or several, do not fit a
 * dropdown and reject the item with that reason.
 */
export function gapMatchGaps(body: XmlElement, interaction: XmlElement, response: Response): ClozeShape {
  const texts = childElements(interaction, "gapText");
  if (childElements(interaction, "gapImg").length > 0 || texts.length === 0) return { reason: "qtiGapMatchUnmapped" };
  const textOfId = new Map(texts.map((text) => [text.attrs.identifier ?? "", plainOf(text)]));
  const choices = [...new Set(textOfId.values())];
  const pairs = [...rightKeys(response)].map((pair) => pair.split(/\s+/));
  const gaps: Gap[] = [];
  let unmapped = false;
  const inner = rewriteBody(
    interaction.children.filter((node) => !("name" in node) || (node.name !== "gapText" && node.name !== "prompt")),
    (element) => {
      if (element.name !== "gap") return undefined;
      const mine = pairs.filter(([, gap]) => gap === element.attrs.identifier);
      if (mine.length !== 1 || !textOfId.has(mine[0][0])) unmapped = true;
      else gaps.push({ kind: "choice", choices, answers: [{ text: textOfId.get(mine[0][0])!, credit: 100 }] });
      return gapMark(gaps.length);
    },
  );
  if (unmapped || descendants(interaction, (element) => element.name === "gap").length !== gaps.length) return { reason: "qtiGapMatchUnmapped" };
  const nodes = rewriteBody(body.children, (element) => (element === interaction ? [...promptOf(interaction), ...inner] : undefined));
  return { nodes, gaps };
}
