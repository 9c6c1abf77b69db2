import { escapeHtml } from "../../escape-html";
import { htmlToText, type TextOfHtml } from "../html-to-text";
import { type MoodleProblem, refused } from "./moodle-problem";
import { attribute, elementText, type XmlNode } from "./xml-node";

/**
 * Moodle's text formats (`format="html" | "moodle_auto_format" | "plain_text" | "markdown"`):
 * HTML (and Moodle's auto format, HTML whose line breaks count) is read as HTML; plain text and
 * Markdown are the author's words as written (Markdown's marks are readable as they are).
 */
const isHtml = (format: string | undefined) => format === undefined || format === "html" || format === "moodle_auto_format";

/** The format a field names, else the question's (Moodle's default for its parts). */
export const formatOf = (node: XmlNode | undefined, fallback?: string) => attribute(node, "format") ?? fallback;

/** A text element's (`<x><text>…</text></x>` or `<x>…</x>`) plain text and images, per its format. */
export const readText = (field: XmlNode | undefined, fallbackFormat?: string): TextOfHtml => textOfSource(elementText(field), formatOf(field, fallbackFormat));

/** A text as written in the file, in its format, as plain text and images. */
export function textOfSource(source: string, format: string | undefined): TextOfHtml {
  if (!isHtml(format)) return { text: source, images: [] };
  // Moodle's auto format turns the author's line breaks into <br>.
  return htmlToText(format === "moodle_auto_format" ? source.replace(/\r?\n/g, "<br>") : source);
}

/** An answer's, option's, stem's or item's text: plain text here, so an image in it cannot be kept. */
export function partText(field: XmlNode | undefined, fallbackFormat?: string): string | MoodleProblem {
  const { text, images } = readText(field, fallbackFormat);
  return images.length > 0 ? refused("moodleXmlImageInAnswer") : text;
}

/** A rich text (general feedback, grader information, response template) as the HTML the sanitiser then cleans. */
export function richText(field: XmlNode | undefined, fallbackFormat?: string): string {
  const source = elementText(field);
  if (!source) return "";
  const format = formatOf(field, fallbackFormat);
  if (isHtml(format)) return format === "moodle_auto_format" ? source.replace(/\r?\n/g, "<br>") : source;
  return `<p>${escapeHtml(source).replace(/\r?\n/g, "<br>")}</p>`;
}
