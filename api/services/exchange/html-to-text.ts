import { parseFragment } from "parse5";

/**
 * TODO(issue 28): "moodlexml" writes the shared conversion; this minimal copy lets the QTI
 * reader run before it is merged, and the coordinator folds the two.
 *
 * HTML as our plain question text: block elements and <br> end lines (no blank lines), entities are decoded
 * (parse5), scripts and styles are dropped with their content, runs of spaces are one space.
 * The first <img>'s src is handed back for the question's one image.
 */
export interface HtmlText {
  text: string;
  image?: string;
}

const BLOCKS = new Set(["p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "table", "blockquote", "pre", "section", "article", "dl", "dt", "dd", "hr"]);
const DROPPED = new Set(["script", "style", "template", "noscript", "iframe", "object"]);

interface Html5Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Html5Node[];
}

export function htmlToText(html: string): HtmlText {
  const parts: string[] = [];
  let image: string | undefined;
  const walk = (node: Html5Node) => {
    // In HTML a line break inside text is a space like any other; only blocks end lines.
    if (node.nodeName === "#text") return void parts.push((node.value ?? "").replace(/\s+/g, " "));
    if (DROPPED.has(node.nodeName)) return;
    if (node.nodeName === "img") image ??= node.attrs?.find((attr) => attr.name === "src")?.value;
    const block = BLOCKS.has(node.nodeName);
    if (block) parts.push("\n");
    for (const child of node.childNodes ?? []) walk(child);
    if (block) parts.push("\n");
  };
  for (const node of (parseFragment(html) as unknown as Html5Node).childNodes ?? []) walk(node);
  const text = parts
    .join("")
    .split("\n")
    .map((line) => line.replace(/[ \u00a0]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n")
    .trim();
  return image === undefined ? { text } : { text, image };
}
