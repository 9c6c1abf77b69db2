/**
 * The MathML a stored text may hold: exactly what the TeX renderer (Temml, render-tex.ts)
 * writes, and nothing that can run script or reach outside the formula
 * (docs/decisions/0066-maths-on-the-server.md). Shared by the renderer, which writes only
 * this, and by the explanation sanitiser, which keeps only this, so what is stored, what is
 * read back and what a browser builds are the same elements.
 *
 * Out on purpose: `maction` (toggles and status-line text), `annotation-xml` (its
 * `text/html` and `application/xhtml+xml` encodings are HTML integration points: HTML,
 * scripts included, inside the formula), `mglyph` (an image URL), `semantics` outside a
 * `math`'s first child, every `href`, `xlink:*`, `id`, `class` and event attribute.
 */
export const MATHML_ELEMENTS = new Set([
  "math", "semantics", "annotation", "mrow", "mi", "mn", "mo", "ms", "mtext", "mspace",
  "mfrac", "msqrt", "mroot", "msub", "msup", "msubsup", "munder", "mover", "munderover",
  "mmultiscripts", "mprescripts", "none", "mtable", "mtr", "mtd", "mstyle", "mpadded",
  "mphantom", "menclose", "merror",
]);

/** Elements whose content is text only (the formula's letters, numbers, operators; the TeX source). */
export const MATHML_TEXT_ONLY = new Set(["mi", "mn", "mo", "ms", "mtext", "annotation"]);

export const TEX_ENCODING = "application/x-tex";

const LENGTH = String.raw`(?:\d{1,3}(?:\.\d{1,4})?|\.\d{1,4})(?:em|ex|pt|px|mu)?`;
const BOOLEAN = /^(?:true|false)$/;
const LENGTH_VALUE = new RegExp(`^-?${LENGTH}$`);
const COLOUR = /^(?:#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,20})$/;

/** Each declaration Temml writes in a `style`, with bounded numbers; a `style` with any other is dropped whole. */
const STYLE_DECLARATION = new RegExp(
  "^(?:" +
    [
      `padding(?:-(?:left|right|top|bottom))?:\\s?${LENGTH}(?:\\s${LENGTH}){0,3}`,
      `width:\\s?(?:${LENGTH}|\\d{1,3}%)`,
      `height:\\s?${LENGTH}`,
      `border(?:-(?:left|right|top|bottom))?:\\s?${LENGTH}\\s(?:solid|dashed|double)`,
      "color:\\s?#[0-9a-fA-F]{3,8}",
      "text-align:\\s?(?:left|right|center)",
      "math-depth:\\s?\\d",
      "display:\\s?block math",
    ].join("|") +
    ")$",
);

function safeStyle(value: string): boolean {
  const declarations = value.split(";").map((part) => part.trim()).filter(Boolean);
  return declarations.length > 0 && declarations.length <= 8 && declarations.every((part) => STYLE_DECLARATION.test(part));
}

type ValueTest = (value: string, tag: string) => boolean;
const attributesOf = (names: string[], test: ValueTest) => Object.fromEntries(names.map((name) => [name, test]));

/** Attribute name → test of its value. Every value that passes is free of `"`, `<`, `>`, `&`. */
const ATTRIBUTES: Record<string, ValueTest> = {
  display: (value, tag) => tag === "math" && (value === "block" || value === "inline"),
  encoding: (value, tag) => tag === "annotation" && value === TEX_ENCODING,
  mathvariant: (value) => /^[a-z-]{1,30}$/.test(value),
  mathcolor: (value) => COLOUR.test(value),
  mathbackground: (value) => COLOUR.test(value),
  mathsize: (value) => LENGTH_VALUE.test(value),
  ...attributesOf(["stretchy", "fence", "separator", "symmetric", "largeop", "movablelimits", "accent", "accentunder", "displaystyle"], (value) => BOOLEAN.test(value)),
  form: (value) => /^(?:prefix|infix|postfix)$/.test(value),
  ...attributesOf(["lspace", "rspace", "minsize", "maxsize", "height", "depth", "voffset", "linethickness"], (value) => LENGTH_VALUE.test(value)),
  width: (value) => LENGTH_VALUE.test(value) || /^\d{1,3}%$/.test(value),
  scriptlevel: (value) => /^[+-]?\d$/.test(value),
  notation: (value) => /^[a-z]{1,20}(?: [a-z]{1,20}){0,3}$/.test(value),
  columnalign: (value) => /^(?:left|center|right)(?: (?:left|center|right)){0,20}$/.test(value),
  rowspacing: (value) => new RegExp(`^${LENGTH}(?: ${LENGTH}){0,20}$`).test(value),
  linebreak: (value) => /^(?:auto|newline|nobreak|goodbreak|badbreak)$/.test(value),
  style: safeStyle,
};

/** Allowed attribute names in the one order they are written (sanitiser and renderer alike). */
const ATTRIBUTE_ORDER = Object.keys(ATTRIBUTES);

/** The kept attributes of a MathML element, written ` name="value"` in a fixed order. */
export function mathmlAttributes(tag: string, attrs: { name: string; value: string }[]): string {
  let written = "";
  for (const name of ATTRIBUTE_ORDER) {
    const attr = attrs.find((candidate) => candidate.name === name);
    if (attr && ATTRIBUTES[name](attr.value, tag)) written += ` ${name}="${attr.value}"`;
  }
  return written;
}

/** ` name="value"` pairs of a start tag as written by `mathmlAttributes` (no `"` can occur in a value). */
const WRITTEN_ATTRIBUTE = / ([a-z]+)="([^"]*)"/y;

/** True when a start tag's attribute text is exactly what `mathmlAttributes` writes for it. */
export function isWrittenMathmlAttributes(tag: string, text: string): boolean {
  const attrs: { name: string; value: string }[] = [];
  WRITTEN_ATTRIBUTE.lastIndex = 0;
  while (WRITTEN_ATTRIBUTE.lastIndex < text.length) {
    const match = WRITTEN_ATTRIBUTE.exec(text);
    if (!match) return false;
    attrs.push({ name: match[1], value: match[2] });
  }
  return mathmlAttributes(tag, attrs) === text;
}
