import { escapeHtml } from "../../escape-html";
import { defaultMark } from "../../marking/fields";
import { gapMatchGaps, inlineGaps } from "./cloze-shape";
import { type KnownProcessing, scoresItem } from "./custom-processing";
import { choiceShape, essayShape, matchShape, orderShape, type Shape, textEntryShape, toleranceShape } from "./item-shapes";
import { bodyText, promptOf, rewriteBody } from "./item-text";
import { decodeUtf8, resolvePath } from "./manifest";
import { interactionsOf, processingOf, responsesOf } from "./responses";
import { childElements, descendants, firstChild, readXml, textOf, toHtml, type XmlElement, type XmlNode } from "./xml-tree";
import type { ZipFiles } from "../zip";
import type { ImportedFile } from "../../core/heavy-jobs";

/** The ref of a question's first carried file (imports/import-files.ts importFileRef(0); not imported from there, which reaches the database, so the parse thread stays small). */
const FIRST_FILE_REF = "import-file:0";

export type QtiReason =
  | "qtiUnreadable"
  | "qtiNotAnItem"
  | "qtiAdaptive"
  | "qtiTemplate"
  | "qtiCustomProcessing"
  | "qtiPci"
  | "qtiUnsupportedInteraction"
  | "qtiNoInteraction"
  | "qtiSeveralInteractions"
  | "qtiNoCorrectResponse"
  | "qtiMatchNotOneToOne"
  | "qtiGapMatchUnmapped"
  | "qtiMissingImage";

export type ItemMapping = { input: Record<string, unknown>; files: ImportedFile[] } | { reason: QtiReason; values?: Record<string, string> } | { entities: true };

const SUPPORTED = new Set(["choiceInteraction", "textEntryInteraction", "extendedTextInteraction", "matchInteraction", "orderInteraction", "inlineChoiceInteraction", "gapMatchInteraction"]);
const INLINE = new Set(["textEntryInteraction", "inlineChoiceInteraction"]);
const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", jfif: "image/jpeg", gif: "image/gif", svg: "image/svg+xml" };

/**
 * One QTI 2.1, 2.2 or 3.0 item (assessmentItem / qti-assessment-item) as a question input
 * (ADR 0084 has the table). The question text is the body's text with the interaction's prompt
 * in its place; modal feedback is the explanation (else the right answer is named, as GIFT's
 * import does); the body's first image becomes the question's image.
 */
export function itemToQuestion(files: ZipFiles, href: string, place: { category: string; course: string; tags: string[] }): ItemMapping {
  const read = readXml(decodeUtf8(files.get(href)!));
  if ("entities" in read) return { entities: true };
  if ("error" in read) return { reason: "qtiUnreadable", values: { detail: read.error } };
  const item = read.root;
  if (item.name !== "assessmentItem") return { reason: "qtiNotAnItem" };
  if (item.attrs.adaptive === "true") return { reason: "qtiAdaptive" };
  if (firstChild(item, "templateDeclaration") || firstChild(item, "templateProcessing")) return { reason: "qtiTemplate" };
  const body = firstChild(item, "itemBody");
  const interactions = body ? interactionsOf(body) : [];
  const foreign = interactions.find((interaction) => !SUPPORTED.has(interaction.name));
  if (foreign) return foreign.name.endsWith("ustomInteraction") ? { reason: "qtiPci" } : { reason: "qtiUnsupportedInteraction", values: { interaction: foreign.name } };
  if (!body || interactions.length === 0) return { reason: "qtiNoInteraction" };
  const processing = processingOf(item);
  const responses = responsesOf(item, processing);
  const essay = interactions.length === 1 && interactions[0].name === "extendedTextInteraction";
  const known = typeof processing === "object" ? processing : undefined;
  // Our export's two written-out processings are read only where they score exactly this item's interactions.
  const unread = processing === "custom" || (known !== undefined && !scoresItem(known, interactions, (id) => responses.get(id)?.baseType));
  if (unread && !essay) return { reason: "qtiCustomProcessing" };

  const built = shapeAndText(body, interactions, responses, essay ? undefined : known);
  if ("reason" in built) return { reason: built.reason };
  const text = bodyText(built.nodes);
  // A question shows one image (questionImage): the body's first.
  const firstImage = text.images[0];
  const image = firstImage === undefined ? undefined : imageFile(files, href, firstImage);
  if (image && "missing" in image) return { reason: "qtiMissingImage", values: { name: image.missing } };
  // QTI 3.0 wraps a feedback's content in qti-content-body.
  const feedback = childElements(item, "modalFeedback")
    .map((node) => toHtml((firstChild(node, "contentBody") ?? node).children).trim())
    .filter(Boolean);
  return {
    input: {
      questionText: text.text,
      optionType: built.shape.optionType,
      options: built.shape.options ?? [],
      ...(built.shape.answerKey === undefined ? {} : { answerKey: built.shape.answerKey }),
      ...(image ? { questionImage: image.ref } : {}),
      category: place.category,
      course: place.course,
      tags: place.tags,
      ...maxScore(item),
      answerExplaination: feedback.length > 0 ? feedback.map((html) => `<div>${html}</div>`).join("") : `<p>${escapeHtml(built.shape.rightAnswer)}</p>`,
    },
    files: image ? [image] : [],
  };
}

type Built = { shape: Extract<Shape, { optionType: string }>; nodes: XmlNode[] } | { reason: QtiReason };

function shapeAndText(body: XmlElement, interactions: XmlElement[], responses: ReturnType<typeof responsesOf>, known: KnownProcessing | undefined): Built {
  const inline = interactions.every((interaction) => INLINE.has(interaction.name));
  const gapScoring = known?.kind === "gapWeights" ? known : undefined;
  const weights = gapScoring?.weights;
  // One text entry is a short answer (or a number); several, or any inline choice, are the gaps of a cloze text (as is one gap our export's weighted sum scores).
  if (inline && (weights || !(interactions.length === 1 && interactions[0].name === "textEntryInteraction"))) return cloze(inlineGaps(body, responses, weights, gapScoring?.tolerances));
  if (interactions.length > 1) return { reason: "qtiSeveralInteractions" };
  const [interaction] = interactions;
  const response = responses.get(interaction.attrs.responseIdentifier ?? "");
  if (interaction.name === "gapMatchInteraction") return response ? cloze(gapMatchGaps(body, interaction, response)) : { reason: "qtiNoCorrectResponse" };
  const shape =
    interaction.name === "extendedTextInteraction" ? essayShape() : known?.kind === "tolerance" ? toleranceShape(known) : response ? keyedShape(interaction, response) : { reason: "qtiNoCorrectResponse" as const };
  if ("reason" in shape) return shape;
  // The interaction gives way to its prompt; a text entry inside a sentence leaves a blank (one alone in its paragraph, as our export writes it, leaves nothing).
  const blank = interaction.name === "textEntryInteraction" && !standsAlone(body, interaction);
  const nodes = rewriteBody(body.children, (element) => (element === interaction ? (blank ? [{ text: "_____" }] : promptOf(interaction)) : undefined));
  return { shape, nodes };
}

function keyedShape(interaction: XmlElement, response: NonNullable<ReturnType<ReturnType<typeof responsesOf>["get"]>>): Shape {
  switch (interaction.name) {
    case "choiceInteraction":
      return choiceShape(interaction, response);
    case "textEntryInteraction":
      return textEntryShape(response);
    case "matchInteraction":
      return matchShape(interaction, response);
    default:
      return orderShape(interaction, response);
  }
}

function cloze(shape: ReturnType<typeof inlineGaps>): Built {
  if ("reason" in shape) return shape;
  const answers = shape.gaps.map((gap) => gap.answers.filter((answer) => answer.credit === 100).map((answer) => ("text" in answer ? answer.text : String(answer.value)))[0] ?? "");
  return { shape: { optionType: "cloze", answerKey: { gaps: shape.gaps }, rightAnswer: `Correct answers: ${answers.map((answer, i) => `{${i + 1}} ${answer}`).join("; ")}` }, nodes: shape.nodes };
}

/** Whether the element is all its parent holds (white space aside). */
function standsAlone(body: XmlElement, element: XmlElement): boolean {
  const parent = descendants(body, (candidate) => candidate.children.includes(element))[0];
  return parent !== undefined && parent.children.every((node) => node === element || ("text" in node && node.text.trim() === ""));
}

/**
 * MAXSCORE's default value (the outcome our export writes the default mark in) as the
 * question's default mark. Other tools' MAXSCORE is a scale of their own, so one our marks do
 * not take (0.5–100, two decimals) is left out (the default mark) rather than refusing the item.
 */
function maxScore(item: XmlElement): { defaultMark?: number } {
  const outcome = childElements(item, "outcomeDeclaration").find((declaration) => declaration.attrs.identifier === "MAXSCORE");
  const value = outcome && firstChild(firstChild(outcome, "defaultValue") ?? outcome, "value");
  const text = value ? textOf(value).trim() : "";
  const mark = defaultMark.safeParse(text === "" ? Number.NaN : Number(text));
  return mark.success ? { defaultMark: mark.data } : {};
}

/** The body's image as a file of the question, its src read relative to the item's own folder; an http(s) or data: src is not fetched. */
function imageFile(files: ZipFiles, href: string, src: string): ImportedFile | { missing: string } | undefined {
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(src)) return undefined;
  const folder = href.includes("/") ? href.slice(0, href.lastIndexOf("/")) : "";
  const path = resolvePath(folder, src.split(/[?#]/)[0]);
  const bytes = files.get(path);
  if (!bytes) return { missing: src.slice(0, 200) };
  const name = path.split("/").pop()!;
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  return { ref: FIRST_FILE_REF, name, contentType: IMAGE_TYPES[extension] ?? "application/octet-stream", bytes };
}
