/**
 * XML written by the exporters, safe by construction: text children and attribute values are
 * always escaped here (one escape function), and only what `el` built is taken as markup.
 * No exporter concatenates text into XML itself (issue 28, the pinned "Building XML" rule).
 */
export interface Xml {
  readonly markup: string;
}

export type XmlChild = Xml | string | number | null | undefined | false | readonly XmlChild[];
export type XmlAttributes = Record<string, string | number | boolean | null | undefined>;

// Characters XML 1.0 cannot hold at all, even escaped (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/FFFF).
// eslint-disable-next-line no-control-regex -- matching the control characters is the point
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ENTITY: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text as XML character data or an attribute value: the five special characters escaped, characters XML cannot carry dropped. */
export function escapeXml(text: string): string {
  return text.replace(NOT_IN_XML, "").replace(/[&<>"']/g, (ch) => ENTITY[ch]);
}

const NAME = /^[A-Za-z_][\w.:-]*$/;

function childMarkup(child: XmlChild): string {
  if (child === null || child === undefined || child === false) return "";
  if (Array.isArray(child)) return child.map(childMarkup).join("");
  if (typeof child === "string") return escapeXml(child);
  if (typeof child === "number") return escapeXml(String(child));
  return (child as Xml).markup;
}

/** An element: `el("answer", { fraction: 100 }, el("text", null, "4"))`; attributes left null or undefined are not written. */
export function el(name: string, attributes: XmlAttributes | null = null, ...children: XmlChild[]): Xml {
  if (!NAME.test(name)) throw new Error(`not an XML name: ${name}`);
  let open = name;
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value === null || value === undefined) continue;
    if (!NAME.test(key)) throw new Error(`not an XML name: ${key}`);
    open += ` ${key}="${escapeXml(String(value))}"`;
  }
  const inner = children.map(childMarkup).join("");
  return { markup: inner === "" ? `<${open}/>` : `<${open}>${inner}</${name}>` };
}

/** Several children as one (no element of their own). */
export const fragment = (...children: XmlChild[]): Xml => ({ markup: children.map(childMarkup).join("") });

/** A whole document: the declaration and the root, UTF-8. */
export const xmlDocument = (root: Xml): string => `<?xml version="1.0" encoding="UTF-8"?>\n${root.markup}\n`;
