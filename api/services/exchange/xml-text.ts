import { XMLParser, XMLValidator, type X2jOptions } from "fast-xml-parser";
import { say } from "../message-codes";
import { refuseFile } from "../imports/parse-csv";

/**
 * How every exchange format reads XML (docs/decisions/0083-moodle-xml-import.md): fast-xml-parser,
 * non-validating, with its entity handling OFF (`processEntities`, `htmlEntities`), so no
 * declared entity is ever expanded (the "billion laughs" bomb) and no external one is fetched.
 * Texts keep `&lt;` and the like as written; `decodeXmlText` turns the five predefined entities
 * and character references into characters itself. CDATA stays apart (`#cdata`): it is never
 * decoded. Attributes keep their names (`@_name`); every value stays a string (no number guessing).
 */
export const XML_PARSE_OPTIONS = {
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: "#cdata",
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
} as const satisfies X2jOptions;

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/**
 * The five predefined XML entities and numeric character references (`&#233;`, `&#xE9;`) as
 * characters, in one pass (so `&amp;lt;` is `&lt;`, not `<`). Anything else (`&nbsp;`, a
 * declared entity's name, a reference to no character) stays as written: never expanded.
 */
export function decodeXmlText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name[0] !== "#") return PREDEFINED[name] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    // XML's Char production: no NUL, no lone surrogates, nothing past U+10FFFF.
    const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0x10ffff && code !== 0xfffe && code !== 0xffff);
    return allowed ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Whether the document declares entities: a DOCTYPE with an internal subset (`[ … ]`), or an
 * ENTITY declaration, before the first element. Such a file is refused whole: what it declares
 * is never read, and a file that needs it cannot be read right without it. A DOCTYPE naming
 * only an external DTD is left to the parser, which never fetches it.
 */
export function declaresEntities(xml: string): boolean {
  const firstElement = xml.search(/<[A-Za-z_]/);
  const prolog = firstElement < 0 ? xml : xml.slice(0, firstElement);
  return /<!ENTITY/i.test(prolog) || /<!DOCTYPE[^>]*\[/i.test(prolog);
}

/**
 * The file's XML tree, or a 400 that says why none can be read: entities declared, or not
 * well-formed (the validator's line and its words, as GIFT's syntax errors are said).
 */
export function readXmlDocument(xml: string, options: X2jOptions = {}): unknown {
  if (declaresEntities(xml)) throw refuseFile(say("IMPORT_XML_ENTITIES"));
  const verdict = XMLValidator.validate(xml, { allowBooleanAttributes: false });
  if (verdict !== true) throw refuseFile(say("IMPORT_XML_MALFORMED", { line: verdict.err.line, detail: verdict.err.msg.slice(0, 200) }));
  try {
    return new XMLParser({ ...XML_PARSE_OPTIONS, ...options }).parse(xml);
  } catch (error) {
    // The parser's own limits (nesting deeper than 100, a reserved name): the file cannot be read.
    throw refuseFile(say("IMPORT_XML_MALFORMED", { line: 0, detail: String((error as Error).message ?? error).slice(0, 200) }));
  }
}
