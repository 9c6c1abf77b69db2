import { defaultTreeAdapter, html as spec, parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import { isWrittenMathmlAttributes, MATHML_ELEMENTS, MATHML_TEXT_ONLY, mathmlAttributes } from "../maths/mathml-allowlist";

type Node = DefaultTreeAdapterTypes.ChildNode;

/**
 * The one sanitiser for answer explanations (rich HTML from the editor, the CSV and the GIFT
 * import), on every write and again on every read (stored rows from before it may be
 * unbalanced: docs/decisions/0033-balanced-html-and-certificate-snapshot.md).
 *
 * It parses with parse5, the HTML standard's own parsing algorithm (what a browser does with
 * the same text, adoption agency and all), keeps an allowlist of the resulting tree and writes
 * it out again. So the output is a balanced fragment: every element it opens it closes, a
 * stray `</div>` or `</section>` is gone rather than closing the page's card, and an unclosed
 * `<a>` ends inside the explanation instead of turning the rest of a server-rendered page into
 * links. Pure JavaScript without a DOM or Node built-ins: the same code runs on Workers.
 *
 * Any other tag is dropped with its text kept (escaped); script, style, svg and the like
 * with their content; no class, style or event attribute survives. docs/decisions/0014 says
 * why each tag is in and why `img` is out. Formulas are the one exception: inside `<math>`
 * the MathML the TeX renderer writes is kept, elements and attributes from one allowlist
 * (../maths/mathml-allowlist.ts, docs/decisions/0066); any other MathML element goes with
 * its content, and no HTML element survives inside a formula.
 */
const ALLOWED = new Set(["p", "br", "hr", "strong", "b", "em", "i", "u", "s", "sub", "sup", "ul", "ol", "li", "blockquote", "code", "pre", "h3", "h4", "a"]);
const DROPPED_WITH_CONTENT = new Set(["script", "style", "textarea", "noscript", "iframe", "object", "embed", "template", "svg", "title", "xmp", "noembed", "noframes", "plaintext", "select"]);
const VOID = new Set(["br", "hr"]);
/** Start tags that make a browser close an open `<p>` first; inside one, they are unwrapped. */
const CLOSES_PARAGRAPH = new Set(["p", "ul", "ol", "li", "blockquote", "pre", "h3", "h4", "hr"]);
const HEADINGS = new Set(["h3", "h4"]);
const LINK_SCHEMES = /^(?:https?:\/\/|mailto:)/i;
const LINK_REL = "noopener noreferrer nofollow";

/**
 * Where a node sits among the elements kept so far. The rules below are the places where a
 * browser, reading the written-out fragment inside the page, would otherwise build a
 * different tree from the one kept (a `<p>` inside a `<p>`), or reach past the explanation
 * (an `<li>` outside a list closes the page's own open `<li>`).
 */
interface Place {
  parent: string | null;
  inLink: boolean;
  inParagraph: boolean;
  inHeading: boolean;
  inMath: boolean;
  depth: number;
}

const TOP: Place = { parent: null, inLink: false, inParagraph: false, inHeading: false, inMath: false, depth: 0 };
/** Browsers stop nesting at some depth (Chromium: 512 with the page) and attach deeper elements elsewhere. */
const MAX_DEPTH = 32;

function keeps(tag: string, place: Place): boolean {
  if (!ALLOWED.has(tag) || place.inMath) return false;
  if (place.depth >= MAX_DEPTH && !VOID.has(tag)) return false;
  if (place.inParagraph && CLOSES_PARAGRAPH.has(tag)) return false;
  if (tag === "a" && place.inLink) return false;
  if (HEADINGS.has(tag) && place.inHeading) return false;
  if (tag === "li") return place.parent === "ul" || place.parent === "ol";
  return true;
}

/**
 * A MathML element is kept only where the renderer puts it: `math` outside any formula,
 * `semantics` as its child, `annotation` inside that, the rest inside a formula, and nothing
 * but text inside a token element (mi, mo, …: a browser reads HTML there as HTML).
 */
function keepsMath(tag: string, place: Place): boolean {
  if (!MATHML_ELEMENTS.has(tag) || place.depth >= MAX_DEPTH) return false;
  if (tag === "math") return !place.inMath;
  if (!place.inMath || MATHML_TEXT_ONLY.has(place.parent ?? "")) return false;
  if (tag === "semantics") return place.parent === "math";
  if (tag === "annotation") return place.parent === "semantics";
  return true;
}

function placeInside(tag: string, place: Place): Place {
  return {
    parent: tag,
    inMath: place.inMath || tag === "math",
    inLink: place.inLink || tag === "a",
    inParagraph: place.inParagraph || tag === "p",
    inHeading: place.inHeading || HEADINGS.has(tag),
    depth: place.depth + 1,
  };
}

/** The attributes kept, in a fixed order: a link's `rel` first, then an acceptable `href`. */
function attributesOf(tag: string, attrs: { name: string; value: string }[]): string {
  const value = (name: string) => attrs.find((attr) => attr.name === name)?.value.trim();
  if (tag === "a") {
    const href = value("href");
    return ` rel="${LINK_REL}"` + (href && LINK_SCHEMES.test(href) ? ` href="${escapeAttribute(href)}"` : "");
  }
  if (tag === "ol") {
    const start = value("start");
    return start && /^\d{1,6}$/.test(start) ? ` start="${start}"` : "";
  }
  return "";
}

/** A list of sibling nodes being written, and what closes them (the end tag of their parent, if kept). */
interface Frame {
  nodes: Node[];
  next: number;
  place: Place;
  close: string;
  /** For a kept `<pre>`: where its content starts in `parts`. */
  preContent?: number;
}

/**
 * Writes the kept tree. A loop over an explicit stack rather than recursion: a hostile
 * explanation may nest tens of thousands of elements, deeper than the call stack goes.
 */
function write(root: Node[]): string {
  const parts: string[] = [];
  const stack: Frame[] = [{ nodes: root, next: 0, place: TOP, close: "" }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.next === frame.nodes.length) {
      stack.pop();
      if (frame.preContent !== undefined) keepLeadingNewline(parts, frame.preContent);
      parts.push(frame.close);
      continue;
    }
    const node = frame.nodes[frame.next++];
    if (node.nodeName === "#text" && "value" in node) parts.push(escapeText(node.value));
    if (!("tagName" in node)) continue; // comments, doctypes
    if (node.namespaceURI === spec.NS.MATHML) {
      // Another MathML element (maction, annotation-xml, mglyph…) goes with its content.
      if (!keepsMath(node.tagName, frame.place)) continue;
      parts.push(`<${node.tagName}${mathmlAttributes(node.tagName, node.attrs)}>`);
      stack.push({ nodes: node.childNodes, next: 0, place: placeInside(node.tagName, frame.place), close: `</${node.tagName}>` });
      continue;
    }
    if (node.namespaceURI !== spec.NS.HTML) continue; // svg content
    // The page owns h1/h2; an explanation's headings sit below them.
    const tag = node.tagName === "h1" || node.tagName === "h2" ? "h3" : node.tagName;
    if (DROPPED_WITH_CONTENT.has(tag) || (VOID.has(tag) && !keeps(tag, frame.place))) continue;
    if (!keeps(tag, frame.place)) {
      stack.push({ nodes: node.childNodes, next: 0, place: frame.place, close: "" });
      continue;
    }
    parts.push(`<${tag}${attributesOf(tag, node.attrs)}>`);
    if (VOID.has(tag)) continue;
    stack.push({ nodes: node.childNodes, next: 0, place: placeInside(tag, frame.place), close: `</${tag}>`, preContent: tag === "pre" ? parts.length : undefined });
  }
  return parts.join("");
}

/** A browser drops one newline right after `<pre>`: content that starts with one needs another. */
function keepLeadingNewline(parts: string[], contentStart: number) {
  let first = contentStart;
  while (first < parts.length && parts[first] === "") first++;
  if (parts[first]?.startsWith("\n")) parts[contentStart - 1] += "\n";
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;").replace(/"/g, "&quot;");
}

/** Empty paragraphs the editor leaves behind (`<p></p>`, `<p><br></p>`) count as no text. */
const EMPTY_MARKUP = /^(?:\s|&nbsp;|<p>(?:\s|&nbsp;|<br>)*<\/p>|<br>)*$/i;

/** The explanation sits in a `<div>` on every page (parse5 would otherwise read it as the content of a `<template>`). */
const CARD = defaultTreeAdapter.createElement("div", spec.NS.HTML, []);

/** One pass: parse as a browser would inside the card's `<div>`, keep the allowlist, write it out. */
function sanitiseOnce(html: string): string {
  return write(parseFragment(CARD, html, {}).childNodes).trim();
}

/** Sanitises an explanation before it is stored (every door: API, editor, CSV and GIFT imports). */
export function sanitiseExplanation(html: string): string {
  let clean = sanitiseOnce(html);
  // What a browser builds from the output is what was kept (the rules in `keeps` see to it);
  // a second pass proves it, and the rare fragment a pass still changes (say a `<p>` left
  // empty by an unwrapped element) is passed again until nothing changes.
  for (let pass = 0; pass < 3; pass++) {
    const again = sanitiseOnce(clean);
    if (again === clean) break;
    clean = again;
  }
  return EMPTY_MARKUP.test(clean) ? "" : clean;
}

/**
 * A token of the sanitiser's own output: text without `<`, or one of the exact tags it
 * writes. Anything else (a comment, another tag, an attribute it does not write) is not.
 */
const OUTPUT_TOKEN = new RegExp(
  String.raw`[^<]+|<\/?(?:p|br|hr|strong|b|em|i|u|s|sub|sup|ul|li|blockquote|code|pre|h3|h4)>|<ol(?: start="\d{1,6}")?>|<\/ol>|<a rel="noopener noreferrer nofollow"(?: href="(?:https?:\/\/|mailto:)[^"<>]*")?>|<\/a>` +
    // MathML: the attributes are checked against the allowlist below.
    String.raw`|<\/?(?:${[...MATHML_ELEMENTS].join("|")})(?: [a-z]+="[^"<>]*")*>`,
  "y",
);

/**
 * True when `html` is written exactly as the sanitiser writes, balanced and following the
 * placement rules: then a browser builds exactly these elements from it, all closed inside
 * it. A linear scan, far cheaper than parsing, so reads can check every stored explanation.
 */
export function isSanitisedExplanation(html: string): boolean {
  const open: Place[] = [TOP];
  OUTPUT_TOKEN.lastIndex = 0;
  while (OUTPUT_TOKEN.lastIndex < html.length) {
    const match = OUTPUT_TOKEN.exec(html);
    if (!match) return false;
    const token = match[0];
    if (token[0] !== "<") continue;
    const place = open[open.length - 1];
    const tag = /^<\/?([a-z0-9]+)/.exec(token)![1];
    if (token[1] === "/") {
      if (place.parent !== tag) return false;
      open.pop();
      continue;
    }
    if (MATHML_ELEMENTS.has(tag)) {
      if (!keepsMath(tag, place) || !isWrittenMathmlAttributes(tag, token.slice(tag.length + 1, -1))) return false;
      open.push(placeInside(tag, place));
      continue;
    }
    if (!keeps(tag, place)) return false;
    if (!VOID.has(tag)) open.push(placeInside(tag, place));
  }
  return open.length === 1;
}

/**
 * What pages get: a stored explanation as the sanitiser writes it is given as it is; one
 * stored before this sanitiser (js-xss kept stray closing tags and unclosed links) is
 * sanitised again on the way out. docs/decisions/0033.
 */
export function explanationForPage(stored: string): string {
  return isSanitisedExplanation(stored) ? stored : sanitiseExplanation(stored);
}
