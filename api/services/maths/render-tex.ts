import temml from "temml";
import { isSanitisedExplanation, sanitiseExplanation } from "../questions/sanitise-explanation";
import { MATHML_ELEMENTS, mathmlAttributes, TEX_ENCODING } from "./mathml-allowlist";
import type { Pacer } from "../imports/time-slices";

/**
 * TeX between `\( … \)` (inline) and `\[ … \]` (display) in a question's texts, rendered to
 * MathML once, when the question is saved, so the exam page loads no maths library and a
 * screen reader reads the formula (docs/decisions/0066-maths-on-the-server.md). Pure: the
 * same code on Node, Deno and Workers.
 *
 * Works on sanitised HTML (an explanation as the sanitiser writes it, or a plain text escaped
 * by `escapeText`): only text between tags is searched, never an attribute, and never the
 * text of `<code>` or `<pre>` (where a teacher shows TeX as TeX). Every formula keeps its
 * source in `<annotation encoding="application/x-tex">`: a formula already rendered is
 * rendered again from that source, so saving a saved text changes nothing, and
 * `mathsToSource` gives the editor the source back.
 */

/** Bounds an author cannot raise: each formula's work is bounded by its length and by Temml's own expansion and size limits. */
export const MATHS_LIMITS = {
  /** TeX characters in one formula. */
  formulaLength: 1000,
  /** Formulas rendered in one text; later ones are shown as their source, marked. */
  formulasPerText: 100,
  /** Characters of MathML one text may gain; once reached, later formulas are shown as their source, marked. */
  renderedPerText: 200_000,
  /** Macro expansions per formula (Temml's maxExpand): `\def\a{\a\a}` stops here. */
  expansions: 300,
  /** Largest size an author may ask for (`\rule`, `\kern`…): Temml's maxSize, in em and in pt. */
  size: [20, 200] as [number, number],
} as const;

const ANNOTATION = `<annotation encoding="${TEX_ENCODING}">`;
/** A tag (its quoted attribute values may hold `>`) or a run of text. */
const TAG_OR_TEXT = /<(?:[^>"]|"[^"]*")*>|[^<]+/g;
/** Elements whose text is shown as written. */
const LITERAL = new Set(["code", "pre"]);

interface Budget {
  formulas: number;
  rendered: number;
}

export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/\u00a0/g, "&nbsp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", nbsp: "\u00a0", quot: '"', amp: "&", apos: "'" };

/** The entities the sanitiser and Temml write (named, decimal, hex); any other is left as it is. */
function decodeEntities(html: string): string {
  return html.replace(/&(?:(lt|gt|nbsp|quot|amp|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g, (whole, name?: string, decimal?: string, hex?: string) => {
    if (name) return NAMED[name];
    const code = decimal ? Number(decimal) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * Macro definitions are refused: three nested `\\def`s within Temml's expansion limit still
 * make tens of thousands of tokens (54 ms a formula, measured), and a school's formula does
 * not need them.
 */
const DEFINES_MACROS = /\\(?:[gex]?def|let|futurelet|(?:re)?newcommand|providecommand|global|long)(?![a-zA-Z])/;

/** The MathML of one formula, or its source shown plainly and marked (`merror`) when it cannot be rendered or is over a limit. */
function formula(tex: string, display: boolean, budget: Budget): string {
  const open = display ? '<math display="block">' : "<math>";
  const source = `${ANNOTATION}${escapeText(tex)}</annotation></semantics></math>`;
  const marked = `${open}<semantics><merror><mtext>${escapeText(tex)}</mtext></merror>${source}`;
  budget.formulas += 1;
  if (DEFINES_MACROS.test(tex) || tex.length > MATHS_LIMITS.formulaLength || budget.formulas > MATHS_LIMITS.formulasPerText || budget.rendered > MATHS_LIMITS.renderedPerText) return marked;
  let written: string;
  try {
    written = temml.renderToString(tex, {
      displayMode: display,
      annotate: true,
      throwOnError: true,
      trust: false,
      maxExpand: MATHS_LIMITS.expansions,
      maxSize: MATHS_LIMITS.size,
    });
  } catch {
    // Temml's ParseError (a typo in the formula) or a limit it enforces: never the author's 500.
    return marked;
  }
  // Temml's classes, ids and the like go; what is left is the allowlist's (./mathml-allowlist.ts).
  const clean = allowedMathml(written);
  if (!clean.includes(ANNOTATION)) return marked;
  budget.rendered += clean.length;
  return clean;
}

/** Temml's output: its well-formed tags (`<tag a="v">`, `</tag>`, `<tag/>`) and text between them. */
const TEMML_TOKEN = /<(\/?)([a-z]+)((?:\s+[a-zA-Z:-]+="[^"]*")*)\s*(\/?)>|[^<]+/g;

/**
 * Temml's MathML cut down to the allowlist in one linear pass (the parsing sanitiser cost
 * five times the rendering), text escaped as the sanitiser escapes it. The result is then
 * checked with the sanitiser's own linear test; should Temml ever write something else, the
 * sanitiser proper decides.
 */
function allowedMathml(written: string): string {
  const clean = written.replace(TEMML_TOKEN, (token, close: string, tag: string, attributes: string, selfClosing: string) => {
    if (token[0] !== "<") return escapeText(decodeEntities(token));
    if (!MATHML_ELEMENTS.has(tag)) return "";
    if (close) return `</${tag}>`;
    const attrs = [...attributes.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map(([, name, value]) => ({ name, value: decodeEntities(value) }));
    return `<${tag}${mathmlAttributes(tag, attrs)}>${selfClosing ? `</${tag}>` : ""}`;
  });
  return isSanitisedExplanation(clean) ? clean : sanitiseExplanation(clean);
}

const KINDS = ["(", "["] as const;

/**
 * One run of escaped text: its formulas rendered, the rest left as it is; yields after each
 * formula so a caller may give the event loop back (`renderMathsPaced`). A scan with
 * indexOf rather than a regular expression: linear even for ten thousand `\(` that never
 * close (each opener's closer is looked for once per kind).
 */
function* renderRun(html: string, budget: Budget): Generator<void, string> {
  let written = "";
  let at = 0;
  const unclosed = { "(": false, "[": false };
  const next = { "(": -1, "[": -1 };
  for (;;) {
    for (const kind of KINDS) {
      if (next[kind] >= at) continue;
      const found = html.indexOf(`\\${kind}`, at);
      next[kind] = found < 0 ? Infinity : found;
    }
    const open = Math.min(next["("], next["["]);
    if (open === Infinity) break;
    const kind = html[open + 1] as "(" | "[";
    const close = unclosed[kind] ? -1 : html.indexOf(kind === "(" ? "\\)" : "\\]", open + 2);
    if (close < 0) {
      unclosed[kind] = true;
      next[kind] = Infinity;
      continue;
    }
    written += html.slice(at, open) + formula(decodeEntities(html.slice(open + 2, close)), kind === "[", budget);
    at = close + 2;
    yield;
  }
  return written + html.slice(at);
}

/** The steps of `renderMaths`: one per formula. */
function* rendering(html: string): Generator<void, string> {
  const source = mathsToSource(html);
  if (!source.includes("\\(") && !source.includes("\\[")) return source;
  const budget: Budget = { formulas: 0, rendered: 0 };
  let literalDepth = 0;
  let written = "";
  for (const [token] of source.matchAll(TAG_OR_TEXT)) {
    if (token[0] === "<") {
      const tag = /^<(\/?)([a-z0-9]+)/.exec(token);
      if (tag && LITERAL.has(tag[2])) literalDepth += tag[1] ? -1 : 1;
      written += token;
    } else written += literalDepth > 0 ? token : yield* renderRun(token, budget);
  }
  return written;
}

/** A plain text escaped, with its formulas rendered; null when it has none. */
function* renderingText(text: string): Generator<void, string | null> {
  const escaped = escapeText(text);
  const html = yield* rendering(escaped);
  return html === escaped ? null : html;
}

function run<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Runs the steps, giving the event loop back between formulas when the pacer says so: a
 * long explanation full of formulas costs tens of milliseconds, which no other request
 * should wait for (docs/decisions/0066). Web-standard timers only, so the same on Workers.
 */
async function runPaced<T>(steps: Generator<void, T>, pacer: Pacer): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pacer.tick();
  }
}

/**
 * Sanitised HTML with its formulas rendered (and formulas rendered before rendered again
 * from their source). Idempotent: `renderMaths(renderMaths(x)) === renderMaths(x)`.
 */
export const renderMaths = (html: string): string => run(rendering(html));
export const renderMathsPaced = (html: string, pacer: Pacer): Promise<string> => runPaced(rendering(html), pacer);

/**
 * A plain text (a question's or an option's) as HTML with its formulas rendered, or null
 * when it has none: the text itself is then all a page needs.
 */
export const renderMathsInText = (text: string): string | null => run(renderingText(text));
export const renderMathsInTextPaced = (text: string, pacer: Pacer): Promise<string | null> => runPaced(renderingText(text), pacer);

/**
 * Every formula written before, back to its delimited source: what the editor shows and
 * what `renderMaths` renders again. Reads only the `math` elements this module writes.
 */
export function mathsToSource(html: string): string {
  if (!html.includes("<math")) return html;
  // indexOf rather than one regular expression: linear however many `<math` a hostile text opens.
  let written = "";
  let at = 0;
  for (;;) {
    const start = html.indexOf("<math", at);
    const end = start < 0 ? -1 : html.indexOf("</math>", start);
    if (end < 0) break;
    const element = html.slice(start, end);
    const sourceAt = element.indexOf(ANNOTATION);
    const sourceEnd = sourceAt < 0 ? -1 : element.indexOf("<", sourceAt + ANNOTATION.length);
    if (sourceEnd < 0 || !element.startsWith("</annotation>", sourceEnd)) {
      written += html.slice(at, end);
      at = end;
      continue;
    }
    const tex = element.slice(sourceAt + ANNOTATION.length, sourceEnd);
    const display = /^<math display="block"[ >]/.test(element);
    written += html.slice(at, start) + (display ? `\\[${tex}\\]` : `\\(${tex}\\)`);
    at = end + "</math>".length;
  }
  return written + html.slice(at);
}

/**
 * What pages get of a stored `questionHtml` / `optionHtml`: as it is when it is exactly what
 * the renderer and sanitiser write (a linear check), else null, and the page shows the
 * plain text instead. The same guard the explanation has (explanationForPage).
 */
export function mathsHtmlForPage(stored: string | null): string | null {
  return stored && isSanitisedExplanation(stored) ? stored : null;
}

/**
 * `{ [key]: html }` when a stored rendered text is there and sound, else `{}`: a student's
 * paper and result carry the field only for texts with formulas, so a paper without maths
 * is byte for byte what it was.
 */
export function withMaths<K extends string>(key: K, stored: string | null): { [P in K]?: string } {
  const html = mathsHtmlForPage(stored);
  return (html === null ? {} : { [key]: html }) as { [P in K]?: string };
}
