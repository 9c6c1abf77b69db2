import { decodeXmlText } from "../xml-text";

/**
 * Reading fast-xml-parser's tree of a Moodle XML file (exchange/xml-text.ts options): an
 * element is a string (text only) or an object of its children, attributes (`@_name`), text
 * (`#text`, entities still written) and CDATA (`#cdata`, as written). The elements Moodle
 * repeats are always lists (REPEATED), so one answer and three read alike.
 */
export type XmlNode = Record<string, unknown>;

export const REPEATED = new Set(["question", "answer", "subquestion", "tag", "file", "unit", "hint"]);

const asNode = (value: unknown): XmlNode | undefined => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as XmlNode) : undefined);

/** The element's children of that name, as a list (none: empty). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) => asNode(item) ?? { "#text": typeof item === "string" ? item : "" });
}

/** The element's first child of that name. */
export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => children(node, name)[0];

/** An attribute's value, entities decoded. */
export const attribute = (node: XmlNode | undefined, name: string): string | undefined => {
  const value = node?.[`@_${name}`];
  return typeof value === "string" ? decodeXmlText(value) : undefined;
};

/** The element's own text: its text decoded, its CDATA as written (Moodle writes one or the other). */
export function ownText(node: XmlNode | undefined): string {
  if (!node) return "";
  const pieces = (value: unknown): string[] => (Array.isArray(value) ? value.flatMap(pieces) : typeof value === "string" ? [value] : []);
  return [...pieces(node["#text"]).map(decodeXmlText), ...pieces(node["#cdata"])].join("");
}

/** `<name><text>…</text></name>`, or the older `<name>…</name>` without `<text>`; trimmed. */
export const textField = (node: XmlNode | undefined, name: string): string => elementText(child(node, name));

/** An element's `<text>` child's text, or (older files) its own; trimmed. */
export function elementText(field: XmlNode | undefined): string {
  const text = child(field, "text");
  return (text ? ownText(text) : ownText(field)).trim();
}

/** A child element's plain value (`<defaultgrade>1.0</defaultgrade>`), trimmed; undefined when absent. */
export function value(node: XmlNode | undefined, name: string): string | undefined {
  const field = child(node, name);
  return field ? ownText(field).trim() : undefined;
}

/** A number of the file (`1.0000000`, `-50`), or NaN when it is none: the question rules refuse NaN with their own reason. */
export function numberOf(text: string | undefined): number {
  const trimmed = (text ?? "").trim();
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
}
