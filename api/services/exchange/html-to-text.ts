import { html as spec, parseFragment, type DefaultTreeAdapterTypes } from "parse5";

type Node = DefaultTreeAdapterTypes.ChildNode;

/** Elements that start and end a line of their own. */
const BLOCKS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "hr", "table", "tr", "section", "article", "header", "footer", "figure", "figcaption", "dl", "dt", "dd", "address"]);
/** Elements whose content is never text a reader sees: dropped with everything inside. */
const DROPPED = new Set(["script", "style", "template", "noscript", "iframe", "object", "embed", "svg", "math", "head", "title", "select", "textarea", "button"]);
/** Deeper markup than this is read as flat text (a hostile file nests without end). */
const MAX_DEPTH = 64;

/** A question's plain text read from HTML, and the images it shows (their `src`, in order). */
export interface TextOfHtml {
  text: string;
  images: string[];
}

/**
 * HTML as the plain question text of decisions.md (questions/schemas.ts: `questionText` is
 * plain text, shown escaped), shared by every exchange format (Moodle XML, QTI): block
 * elements and `<br>` become line breaks, list items "- " lines, entities characters,
 * spaces collapsed; scripts, styles and other content no reader sees are dropped with their
 * text. The images are returned apart: a question keeps one (`questionImage`), and what the
 * caller does with the others is its format's decision. parse5 without a DOM: runs on Workers.
 */
export function htmlToText(html: string): TextOfHtml {
  const out: string[] = [];
  const images: string[] = [];
  const walk = (nodes: Node[], depth: number) => {
    for (const node of nodes) {
      if (node.nodeName === "#text" && "value" in node) {
        out.push(node.value.replace(/\s+/g, " "));
        continue;
      }
      if (!("tagName" in node) || node.namespaceURI !== spec.NS.HTML || DROPPED.has(node.tagName)) continue;
      const tag = node.tagName;
      if (tag === "br") out.push("\n");
      else if (tag === "img") images.push(node.attrs.find((attr) => attr.name === "src")?.value ?? "");
      else if (tag === "td" || tag === "th") out.push(" ");
      if (BLOCKS.has(tag)) out.push(tag === "li" ? "\n- " : "\n");
      if (depth < MAX_DEPTH) walk(node.childNodes, depth + 1);
      if (BLOCKS.has(tag) && tag !== "li") out.push("\n");
    }
  };
  walk(parseFragment(html).childNodes, 0);
  const text = out
    .join("")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text, images };
}

/** The plain text of an HTML snippet (an option, a stem, an answer), its images left out. */
export const plainTextOf = (html: string): string => htmlToText(html).text;
