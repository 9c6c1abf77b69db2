import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Pacer } from "../imports/time-slices";
import { isSanitisedExplanation, sanitiseExplanation } from "../questions/sanitise-explanation";
import { MATHS_LIMITS, mathsToSource, renderMaths, renderMathsInText, renderMathsPaced } from "./render-tex";

const SOURCE = '<annotation encoding="application/x-tex">';
const marked = (tex: string) => `<math><semantics><merror><mtext>${tex}</mtext></merror>${SOURCE}${tex}</annotation></semantics></math>`;

describe("renderMaths", () => {
  it("renders inline and display formulas to MathML that keeps its TeX source", () => {
    const html = renderMathsInText(String.raw`Solve \(x^2 = 4\), then \[\frac{a}{b}\]`)!;
    expect(html).toBe(
      "Solve <math><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>=</mo><mn>4</mn></mrow>" +
        `${SOURCE}x^2 = 4</annotation></semantics></math>, then ` +
        '<math display="block" style="display:block math;"><semantics><mfrac><mi>a</mi><mi>b</mi></mfrac>' +
        `${SOURCE}\\frac{a}{b}</annotation></semantics></math>`,
    );
  });

  it("leaves a text without formulas alone (plain texts get no HTML at all)", () => {
    expect(renderMathsInText("Is 3 < 4 & 5 > 2? A \\ backslash, a \\( never closed")).toBeNull();
    expect(renderMaths("<p>No maths here: 1 &lt; 2</p>")).toBe("<p>No maths here: 1 &lt; 2</p>");
  });

  it("escapes the text around formulas and inside them", () => {
    const html = renderMathsInText(String.raw`<script>alert(1)</script> \(a<b\) "quoted" & more`)!;
    expect(html).toMatch(/^&lt;script&gt;alert\(1\)&lt;\/script&gt; <math>/);
    expect(html).toContain("<mo>&lt;</mo>");
    expect(html).toContain(`${SOURCE}a&lt;b</annotation>`);
    expect(html).not.toContain("<script");
  });

  it("renders only text between tags: never an attribute, never code or pre", () => {
    const html = sanitiseExplanation(String.raw`<p><a href="https://x.org/\(x\)">\(y\)</a> <code>\(z\)</code></p><pre>\[w\]</pre>`);
    const rendered = renderMaths(html);
    expect(rendered).toContain('href="https://x.org/\\(x\\)"');
    expect(rendered).toContain(`${SOURCE}y</annotation>`);
    expect(rendered).toContain("<code>\\(z\\)</code>");
    expect(rendered).toContain("<pre>\\[w\\]</pre>");
  });

  it("is idempotent, and the source comes back for the editor", () => {
    const source = sanitiseExplanation(String.raw`<p>Since \(\sqrt{b^2-4ac} \ge 0\) and \[\begin{pmatrix}1&2\\3&4\end{pmatrix}\]</p><p>bad: \(\frac{a\)</p>`);
    const once = renderMaths(source);
    expect(once).not.toBe(source);
    expect(renderMaths(once)).toBe(once);
    expect(mathsToSource(once)).toBe(source);
  });

  it("writes only what the explanation sanitiser keeps, so pages take it as it is", () => {
    const formulas = [
      "x_i^2", String.raw`\sum_{i=1}^n i`, String.raw`\int_0^\infty e^{-x}\,dx`, String.raw`\begin{aligned}a&=b\\c&=d\end{aligned}`,
      String.raw`\begin{array}{|c|c|}\hline a&b\\\hline\end{array}`, String.raw`\color{red}{x}`, String.raw`\boxed{x}`, String.raw`\cancel{x}`,
      String.raw`\overbrace{x}^{k}`, String.raw`\mathbb{R}\mathcal{L}`, String.raw`\text{if } x>0`, String.raw`\xrightarrow{abc}`, String.raw`\rule{1em}{2em}`,
      String.raw`\ce{H2O}`, String.raw`f'(x)`, String.raw`\label{a}x`, String.raw`\unicode{x41}`,
    ];
    for (const tex of formulas) {
      for (const html of [renderMaths(`\\(${tex}\\)`), renderMaths(`\\[${tex}\\]`)]) {
        expect(isSanitisedExplanation(html), html).toBe(true);
        expect(sanitiseExplanation(html), tex).toBe(html);
        expect(renderMaths(html), tex).toBe(html);
      }
    }
  });

  it("shows a formula it cannot render as its source, marked, without throwing", () => {
    expect(renderMathsInText(String.raw`a \(\frac{1\) b`)).toBe(`a ${marked("\\frac{1")} b`);
    expect(renderMathsInText(String.raw`\(\unknowncommand\)`)).toBe(marked("\\unknowncommand"));
  });

  it("marks what is over a limit instead of rendering it", () => {
    const long = "x+".repeat(MATHS_LIMITS.formulaLength / 2) + "1";
    expect(renderMathsInText(`\\(${long}\\)`)).toBe(marked(long));
    // Macro definitions: three nested \def would make tens of thousands of tokens within Temml's own limit.
    const bomb = String.raw`\def\a{xxxxxxxxxx}\def\b{\a\a\a\a\a\a\a\a\a\a}\b\b`;
    expect(renderMathsInText(`\\(${bomb}\\)`)).toBe(marked(bomb));
    expect(renderMathsInText(String.raw`\(\newcommand{\x}{y}\x\)`)).toBe(marked(String.raw`\newcommand{\x}{y}\x`));
    // \href and friends need trust, which is never given.
    expect(renderMathsInText(String.raw`\(\href{javascript:alert(1)}{x}\)`)).not.toMatch(/href=|javascript:alert\(1\)<\/m/);
  });

  it("renders at most so many formulas per text; the rest are shown as their source, marked", () => {
    const html = renderMathsInText("\\(x\\) ".repeat(MATHS_LIMITS.formulasPerText + 2))!;
    expect(html.match(/<merror>/g)).toHaveLength(2);
    expect(html.match(/<math>/g)).toHaveLength(MATHS_LIMITS.formulasPerText + 2);
  });

  it("stops rendering once a text has gained its share of MathML", () => {
    const wide = String.raw`\begin{matrix}` + "a&".repeat(400) + String.raw`a\end{matrix}`;
    const one = renderMathsInText(`\\(${wide}\\)`)!;
    const html = renderMathsInText(`\\(${wide}\\) `.repeat(20))!;
    const rendered = html.split("<math>").filter((part) => part && !part.startsWith("<semantics><merror>")).length;
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(20);
    // The check comes before each formula: the last one rendered may cross the line, no more.
    expect(rendered * one.length).toBeLessThanOrEqual(MATHS_LIMITS.renderedPerText + one.length);
  });

  it("scans ten thousand unclosed delimiters without rendering anything", () => {
    const text = "\\(\\[".repeat(10_000);
    expect(renderMathsInText(text)).toBeNull();
  });

  it("for any text with delimiters, escapes and braces: sanitiser-clean, idempotent and reversible", () => {
    const piece = fc.constantFrom("\\(", "\\)", "\\[", "\\]", "x", "^2", "{", "}", "\\frac{1}{2}", "<", "&", "&amp;", '"', " ", "\n", "\\", "<b>", "</b>", "<code>", "</code>");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const source = sanitiseExplanation(pieces.join(""));
        const html = renderMaths(source);
        expect(html === "" || isSanitisedExplanation(html)).toBe(true);
        expect(renderMaths(html)).toBe(html);
        expect(mathsToSource(html)).toBe(source);
      }),
      { numRuns: 500 },
    );
  });
});

describe("renderMathsPaced", () => {
  it("gives the same text and offers the event loop back after every formula", async () => {
    let ticks = 0;
    const pacer: Pacer = { tick: () => void (ticks += 1), rest: async () => {} };
    const html = "<p>\\(a\\) and \\(b\\)</p><p>\\[c\\]</p>";
    expect(await renderMathsPaced(html, pacer)).toBe(renderMaths(html));
    expect(ticks).toBe(3);
  });
});
