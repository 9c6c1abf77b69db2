import sanitizeHtml from "sanitize-html";

/**
 * The one sanitiser for stored answer explanations (rich HTML from the editor, the CSV and
 * the GIFT import). An allowlist, not a blocklist: anything not named here is dropped
 * (its text kept), and script/style/textarea/noscript are dropped with their content.
 * docs/decisions/0014-question-bank-api.md says why each tag is in and why `img` is out.
 */
const ALLOWED_TAGS = [
  "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "sub", "sup",
  "ul", "ol", "li", "blockquote", "code", "pre", "h3", "h4", "a",
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // No class, style or event attributes anywhere; links keep href (and the rel set below),
  // ordered lists their start number.
  allowedAttributes: { a: ["href", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Every surviving link opens nothing with our page's window and passes no ranking or referrer.
  // The page owns h1/h2; an explanation's headings sit below them.
  transformTags: {
    h1: "h3",
    h2: "h3",
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer nofollow" } }),
  },
};

/** Empty paragraphs the editor leaves behind (`<p></p>`, `<p><br></p>`) count as no text. */
const EMPTY_MARKUP = /^(?:\s|&nbsp;|<p>(?:\s|&nbsp;|<br\s*\/?>)*<\/p>|<br\s*\/?>)*$/i;

export function sanitiseExplanation(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return EMPTY_MARKUP.test(clean) ? "" : clean;
}
