const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|nbsp);|&#(\d{1,7});|&#x([0-9a-fA-F]{1,6});/g, (whole, name?: string, decimal?: string, hex?: string) => {
    if (name) return ENTITIES[name];
    const code = decimal ? Number(decimal) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** The words a formula's structure is said with (common.json `maths.*`, in the page's language). */
export type MathsWord = "squared" | "cubed" | "power" | "powerLong" | "sub" | "fraction" | "fractionLong" | "sqrt" | "sqrtLong" | "root" | "limits" | "over" | "under";
export type MathsSay = (word: MathsWord, values: Record<string, string>) => string;

/** Fills a word's template: `say` made from a messages file (tests, the server) rather than a page's `t`. */
export const sayFrom =
  (words: Record<MathsWord, string>): MathsSay =>
  (word, values) =>
    words[word].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");

interface MathNode {
  name: string;
  children: MathNode[];
  text: string;
}

/** The MathML as a tree: the renderer's and sanitiser's own output (ADR 0066), so tags are well formed; one linear pass. */
function parse(html: string): MathNode {
  const root: MathNode = { name: "#root", children: [], text: "" };
  const stack = [root];
  for (const [token, closing, name, selfClosing] of html.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>|[^<]+/g)) {
    const top = stack[stack.length - 1];
    if (name === undefined) top.children.push({ name: "#text", children: [], text: decode(token) });
    else if (closing) {
      if (stack.length > 1 && top.name === name.toLowerCase()) stack.pop();
    } else {
      const node: MathNode = { name: name.toLowerCase(), children: [], text: "" };
      top.children.push(node);
      if (!selfClosing && name.toLowerCase() !== "br") stack.push(node);
    }
  }
  return root;
}

/** Words of a node: a token's text, a structure said in words (a superscript, a fraction, a root…). */
function words(node: MathNode, say: MathsSay): string {
  const [a, b, c] = node.children.filter((child) => child.name !== "#text" || child.text.trim() !== "");
  const of = (child: MathNode | undefined) => (child ? words(child, say) : "");
  // One token (x, 2, +) needs no "end": a longer part does, so "x + 1 over 2" is not read as "x + (1 over 2)".
  const simple = (child: MathNode | undefined): boolean => !child || /^(mi|mn|mo|mtext|#text)$/.test(child.name) || (child.name === "mrow" && child.children.length <= 1 && simple(child.children[0]));
  switch (node.name) {
    case "#text":
      return node.text.trim();
    case "annotation":
    case "annotation-xml":
    case "mphantom":
      return "";
    case "msup": {
      const exponent = of(b);
      if (exponent === "2" || exponent === "3") return say(exponent === "2" ? "squared" : "cubed", { base: of(a) });
      return say(simple(b) ? "power" : "powerLong", { base: of(a), exponent });
    }
    case "msub":
      return say("sub", { base: of(a), index: of(b) });
    case "msubsup":
    case "munderover":
      if (a?.name === "mo") return say("limits", { base: of(a), lower: of(b), upper: of(c) });
      return say(simple(c) ? "power" : "powerLong", { base: say("sub", { base: of(a), index: of(b) }), exponent: of(c) });
    case "mfrac":
      return say(simple(a) && simple(b) ? "fraction" : "fractionLong", { numerator: of(a), denominator: of(b) });
    case "msqrt": {
      const radicand = node.children.map((child) => words(child, say)).filter(Boolean).join(" ");
      return say(node.children.length <= 1 && simple(a) ? "sqrt" : "sqrtLong", { radicand });
    }
    case "mroot":
      return say("root", { radicand: of(a), index: of(b) });
    case "mover":
      return a?.name === "mo" ? say("limits", { base: of(a), lower: "", upper: of(b) }).trim() : say("over", { base: of(a), mark: of(b) });
    case "munder":
      return say("under", { base: of(a), mark: of(b) });
    case "mtable":
      return node.children.map((row) => row.children.map((cell) => words(cell, say)).join(", ")).join("; ");
    default:
      return node.children.map((child) => words(child, say)).filter(Boolean).join(" ");
  }
}

/**
 * A text with formulas as plain words: its text as shown, each formula said from its MathML's
 * structure ("x squared = 9", "1 over 2", "square root of x + 1, end root"), never its TeX
 * source (the annotation). For names: a formula's `aria-label` (TextWithMaths), a list option's
 * name and typeahead, a button's name (ADR 0066, "Names of formulas").
 */
export function mathsAsText(html: string, say: MathsSay): string {
  return words(parse(html), say).replace(/\s+/g, " ").trim();
}

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The HTML with each `<math>` named by its words (`aria-label`): Chromium computes no name from
 * MathML content (a label or button holding only a formula is named "" in its accessibility
 * tree), so without it a formula is silent in every name it is part of.
 */
export function nameFormulas(html: string, say: MathsSay): string {
  let out = "";
  let from = 0;
  for (;;) {
    const start = html.indexOf("<math", from);
    const end = start < 0 ? -1 : html.indexOf("</math>", start);
    if (end < 0) return out + html.slice(from);
    const opened = start + "<math".length;
    out += `${html.slice(from, opened)} aria-label="${escapeAttribute(mathsAsText(html.slice(start, end), say))}"`;
    from = opened;
  }
}
