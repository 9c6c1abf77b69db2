import { html as spec, parseFragment, type DefaultTreeAdapterTypes } from "parse5";

type Node = DefaultTreeAdapterTypes.ChildNode;

/** Elements that start a new line of their own in the plain-text version. */
const BLOCKS = new Set(["p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "hr"]);

/**
 * The text alternative of a sanitised rich-text message (multipart mail: clients that show
 * no HTML, screen readers in some clients, spam filters that compare both parts). Paragraphs
 * and headings become lines separated by a blank line, list items "- " lines, a link "text
 * (address)" when the address is not already its text. parse5 without a DOM: runs on Workers.
 */
export function htmlToText(html: string): string {
  const out: string[] = [];
  const walk = (nodes: Node[], depth: number) => {
    for (const node of nodes) {
      if (node.nodeName === "#text" && "value" in node) {
        out.push(node.value.replace(/\s+/g, " "));
        continue;
      }
      if (!("tagName" in node) || node.namespaceURI !== spec.NS.HTML) continue;
      const tag = node.tagName;
      if (tag === "br") {
        out.push("\n");
        continue;
      }
      if (tag === "hr") {
        out.push("\n\n----\n\n");
        continue;
      }
      if (BLOCKS.has(tag)) out.push(tag === "li" ? "\n- " : "\n\n");
      if (tag === "pre") {
        out.push(textOf(node.childNodes));
      } else if (depth < 64) {
        walk(node.childNodes, depth + 1);
      }
      if (tag === "a") {
        const href = node.attrs.find((attr) => attr.name === "href")?.value;
        const text = textOf(node.childNodes).trim();
        if (href && href !== text && `mailto:${text}` !== href) out.push(` (${href})`);
      }
      if (BLOCKS.has(tag) && tag !== "li") out.push("\n\n");
    }
  };
  walk(parseFragment(html).childNodes, 0);
  return out
    .join("")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function textOf(nodes: Node[]): string {
  let text = "";
  for (const node of nodes) {
    if (node.nodeName === "#text" && "value" in node) text += node.value;
    else if ("childNodes" in node) text += textOf(node.childNodes as Node[]);
  }
  return text;
}
