import xss, { type FilterXSS as FilterXSSClass, type safeAttrValue as SafeAttrValue } from "xss";

// js-xss is CommonJS: Node's ESM loader (the server build keeps it external) sees only its
// default export, so the names are read from that object instead of imported by name.
const { FilterXSS, safeAttrValue } = xss as unknown as { FilterXSS: typeof FilterXSSClass; safeAttrValue: typeof SafeAttrValue };

/**
 * The one sanitiser for stored answer explanations (rich HTML from the editor, the CSV and
 * the GIFT import), built on js-xss: pure JavaScript, no DOM and no Node built-ins, so the
 * same code runs on Node and on Workers. An allowlist: any other tag is dropped (its text
 * kept, escaped); script, style and the like are dropped with their content; no class,
 * style or event attribute survives. docs/decisions/0014-question-bank-api.md says why
 * each tag is in and why `img` is out.
 */
const WHITE_LIST: Record<string, string[]> = {
  p: [], br: [], hr: [], strong: [], b: [], em: [], i: [], u: [], s: [], sub: [], sup: [],
  ul: [], ol: ["start"], li: [], blockquote: [], code: [], pre: [], h3: [], h4: [],
  a: ["href"],
};
const DROPPED_WITH_CONTENT = ["script", "style", "textarea", "noscript", "iframe", "object", "embed", "template", "svg", "math", "title"];
const LINK_SCHEMES = /^(?:https?:\/\/|mailto:)/i;
const LINK_REL = 'rel="noopener noreferrer nofollow"';

const filter = new FilterXSS({
  whiteList: WHITE_LIST,
  stripIgnoreTag: true,
  stripIgnoreTagBody: DROPPED_WITH_CONTENT,
  allowCommentTag: false,
  css: false,
  // The page owns h1/h2; an explanation's headings sit below them.
  onTag: (tag, _html, options) => (tag === "h1" || tag === "h2" ? (options.isClosing ? "</h3>" : "<h3>") : undefined),
  // Allowed attributes only with an acceptable value; js-xss alone would keep a bare `href`
  // for a refused URL, and relative, tel:, ftp: and data:image/ links.
  onTagAttr: (tag, name, value, isWhiteAttr) => {
    if (!isWhiteAttr) return undefined;
    // No style attribute is allowed, so js-xss's CSS filter (its 4th argument) is never needed.
    const safe = safeAttrValue(tag, name, value, undefined as never);
    const ok = name === "href" ? LINK_SCHEMES.test(safe) : name === "start" ? /^\d{1,6}$/.test(safe) : safe !== "";
    return ok ? `${name}="${safe}"` : "";
  },
});

/** Empty paragraphs the editor leaves behind (`<p></p>`, `<p><br></p>`) count as no text. */
const EMPTY_MARKUP = /^(?:\s|&nbsp;|<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>|<br\s*\/?>)*$/i;

export function sanitiseExplanation(html: string): string {
  // Every surviving link opens without handing our window over and passes no ranking or
  // referrer. Text `<` is escaped by now, so `<a` can only be a real link tag.
  const clean = filter
    .process(html)
    .replace(/<a(?=[\s>])/g, `<a ${LINK_REL}`)
    .trim();
  return EMPTY_MARKUP.test(clean) ? "" : clean;
}
