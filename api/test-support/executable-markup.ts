import { parse, parseFragment, serialize, type DefaultTreeAdapterTypes } from "parse5";

type Node = DefaultTreeAdapterTypes.Node;

/**
 * What in a piece of HTML a browser could run, found with parse5 (the HTML standard's own
 * parser, the one the sanitiser uses), so a test sees the tree a browser would build and
 * not the text: elements that run or load code, event-handler attributes, javascript:,
 * vbscript: and data: URLs (entities decoded, and with the spaces and control characters a
 * browser skips in a scheme removed), styles with expressions or URLs, MathML links and
 * HTML inside annotation-xml. Empty when the HTML is harmless. The text is parsed a second
 * time after serialising, so markup that only forms on a re-parse (mutation XSS) is found too.
 */
const RUNNING_ELEMENTS = new Set([
  "script", "iframe", "frame", "frameset", "object", "embed", "applet", "style", "link", "meta", "base", "form", "input", "button", "textarea",
  "select", "svg", "img", "image", "video", "audio", "source", "track", "template", "maction", "annotation-xml", "foreignobject", "animate", "set",
  "use", "marquee", "details", "keygen", "isindex", "portal", "noscript", "xmp",
]);
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "data", "srcdoc", "background", "poster", "lowsrc", "dynsrc", "xlink:href", "codebase", "cite", "ping", "content"]);
const BAD_SCHEME = /^(?:javascript|vbscript|data|livescript):/i;

function findings(root: Node, into: string[]) {
  const walk = (node: Node) => {
    if ("tagName" in node) {
      const tag = node.tagName.toLowerCase();
      if (RUNNING_ELEMENTS.has(tag)) into.push(`<${tag}>`);
      for (const { name, value, prefix } of node.attrs) {
        const attribute = (prefix ? `${prefix}:${name}` : name).toLowerCase();
        // eslint-disable-next-line no-control-regex
        const url = value.replace(/[\u0000-\u0020]/g, "");
        if (attribute.startsWith("on")) into.push(`${tag}[${attribute}]`);
        else if (URL_ATTRIBUTES.has(attribute) && (BAD_SCHEME.test(url) || /url=\s*javascript:/i.test(url))) into.push(`${tag}[${attribute}=${value.slice(0, 40)}]`);
        else if (attribute === "style" && /expr|url\(|javascript:|behavior|binding|\/\*/i.test(value)) into.push(`${tag}[style]`);
        else if (attribute === "href" && node.namespaceURI === "http://www.w3.org/1998/Math/MathML") into.push(`${tag}[mathml href]`);
      }
    }
    const children = "content" in node && node.content ? [node.content, ...("childNodes" in node ? node.childNodes : [])] : "childNodes" in node ? node.childNodes : [];
    for (const child of children) walk(child as Node);
  };
  walk(root);
}

/** The runnable parts of an HTML fragment (a field rendered into a page); [] when harmless. */
export function executableMarkup(html: string): string[] {
  const found: string[] = [];
  const once = parseFragment(html);
  findings(once, found);
  findings(parseFragment(serialize(once)), found);
  return [...new Set(found)];
}

/** The same for a whole document (an e-mail's HTML body). */
export function executableMarkupInDocument(html: string): string[] {
  const found: string[] = [];
  findings(parse(html), found);
  return [...new Set(found)];
}

/** JSON keys whose strings pages and e-mails treat as HTML (decisions.md; every `…Html` the maths renderer writes). */
export const isHtmlKey = (key: string) => /Html$/.test(key) || ["answerExplaination", "graderInfo", "responseTemplate", "html"].includes(key);

/** Every HTML field of a JSON answer with what in it could run: path → findings; {} when all are harmless. */
export function executableFields(value: unknown, path = "", htmlContext = false): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (typeof value === "string") {
    if (htmlContext) {
      const found = executableMarkup(value);
      if (found.length > 0) out[path] = found;
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => Object.assign(out, executableFields(item, `${path}.${i}`, htmlContext)));
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) Object.assign(out, executableFields(item, path ? `${path}.${key}` : key, htmlContext || isHtmlKey(key)));
  }
  return out;
}
