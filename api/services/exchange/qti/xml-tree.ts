import { XMLParser, XMLValidator } from "fast-xml-parser";
import { decodeXmlText, declaresEntities } from "../xml-text";

/**
 * A QTI document as a small tree whose names are the same in QTI 2.1, 2.2 and 3.0: 3.0's
 * `qti-choice-interaction` and `response-identifier` read as 2.x's `choiceInteraction` and
 * `responseIdentifier`; namespaces are dropped (ADR 0084). Texts are decoded (the five XML
 * entities and character references only).
 */
export type XmlNode = { name: string; attrs: Record<string, string>; children: XmlNode[] } | { text: string };
export type XmlElement = Extract<XmlNode, { name: string }>;

export type XmlRead = { root: XmlElement } | { entities: true } | { error: string };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  processEntities: false,
  htmlEntities: false,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  removeNSPrefix: true,
  cdataPropName: "#cdata",
});

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
/** `qti-simple-choice` → `simpleChoice`; HTML's own names (p, img, span) stay. */
const elementName = (name: string) => (name.startsWith("qti-") ? camel(name.slice(4)) : name);

export function readXml(text: string): XmlRead {
  if (declaresEntities(text)) return { entities: true };
  const valid = XMLValidator.validate(text);
  if (valid !== true) return { error: `${valid.err.msg} (line ${valid.err.line})`.slice(0, 200) };
  const top = toNodes(parser.parse(text) as RawNode[]).filter(isElement);
  if (top.length !== 1) return { error: "not one root element" };
  return { root: top[0] };
}

type RawNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function toNodes(raw: RawNode[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const item of raw) {
    const key = Object.keys(item).find((name) => name !== ":@");
    if (key === undefined || key.startsWith("?")) continue;
    if (key === "#text") nodes.push({ text: decodeXmlText(String(item[key])) });
    else if (key === "#cdata") nodes.push({ text: (item[key] as { "#text"?: string }[]).map((part) => part["#text"] ?? "").join("") });
    else {
      const attrs: Record<string, string> = {};
      for (const [name, value] of Object.entries(item[":@"] ?? {})) attrs[camel(name)] = decodeXmlText(String(value));
      nodes.push({ name: elementName(key), attrs, children: toNodes(item[key] as RawNode[]) });
    }
  }
  return nodes;
}

export const isElement = (node: XmlNode): node is XmlElement => "name" in node;
export const childElements = (node: XmlElement, name?: string) => node.children.filter(isElement).filter((child) => name === undefined || child.name === name);
export const firstChild = (node: XmlElement, name: string) => childElements(node, name)[0];

/** Every element below `node` (depth first, document order) that `keep` accepts. */
export function descendants(node: XmlElement, keep: (element: XmlElement) => boolean): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const child of childElements(element)) {
      if (keep(child)) found.push(child);
      walk(child);
    }
  };
  walk(node);
  return found;
}

/** The text inside, markup left out. */
export function textOf(node: XmlNode): string {
  return isElement(node) ? node.children.map(textOf).join("") : node.text;
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, "&quot;");
const VOID = new Set(["img", "br", "hr", "col", "source", "wbr"]);

/** The nodes as HTML again (item bodies and feedback are XHTML), every text and attribute escaped. */
export function toHtml(nodes: XmlNode[]): string {
  return nodes
    .map((node) => {
      if (!isElement(node)) return escapeText(node.text);
      const attrs = Object.entries(node.attrs)
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join("");
      return VOID.has(node.name) ? `<${node.name}${attrs}>` : `<${node.name}${attrs}>${toHtml(node.children)}</${node.name}>`;
    })
    .join("");
}
