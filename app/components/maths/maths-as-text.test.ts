import { describe, expect, it } from "vitest";
import { renderMathsInText } from "../../../api/services/maths/render-tex";
import en from "../../../locales/en/common.json";
import { type MathsSay, mathsAsText, nameFormulas, sayFrom } from "./maths-as-text";

const sayInEnglish = sayFrom(en.maths);

/** The words of a text with formulas, rendered by the server's own renderer (Temml), as a page gets it. */
const said = (tex: string) => mathsAsText(renderMathsInText(tex) ?? tex, sayInEnglish);

describe("mathsAsText", () => {
  it("gives a formula's words without its TeX source, entities read", () => {
    const html = '<math><semantics><mrow><mi>x</mi><mo>=</mo><mn>3</mn><mo>&lt;</mo><mi>&#x3C0;</mi></mrow><annotation encoding="application/x-tex">x = 3 &lt; \\pi</annotation></semantics></math> at &amp; after';
    expect(mathsAsText(html, sayInEnglish)).toBe("x = 3 < π at & after");
  });

  it("says superscripts, subscripts, fractions and roots in words, not flattened ('x 2' was x squared)", () => {
    expect(said(String.raw`\(x^2 = 9\) when`)).toBe("x squared = 9 when");
    expect(said(String.raw`\(y^3\)`)).toBe("y cubed");
    expect(said(String.raw`\(e^{i\pi}\)`)).toBe("e to the power i π, end power");
    expect(said(String.raw`\(2^n\)`)).toBe("2 to the power n");
    expect(said(String.raw`\(a_1 - b\)`)).toBe("a sub 1 − b");
    expect(said(String.raw`\(\frac{1}{2}\)`)).toBe("1 over 2");
    expect(said(String.raw`\(\frac{x+1}{2}\)`)).toBe("fraction x + 1 over 2, end fraction");
    expect(said(String.raw`\(\sqrt{2}\)`)).toBe("square root of 2");
    expect(said(String.raw`\(\sqrt{x+1}\)`)).toBe("square root of x + 1, end root");
    expect(said(String.raw`\(\sqrt[3]{8}\)`)).toBe("root 3 of 8, end root");
    expect(said(String.raw`\(\sum_{i=1}^{n} i\)`)).toBe("∑ from i = 1 to n i");
    expect(said(String.raw`\(\vec{v}\)`)).toBe("v with → above");
    expect(said(String.raw`\(\text{Io}\) orbits`)).toBe("Io orbits");
  });

  it("takes the page's words", () => {
    const fr: MathsSay = (word, values) => (word === "squared" ? `${values.base} au carré` : sayInEnglish(word, values));
    expect(mathsAsText(renderMathsInText(String.raw`\(x^2\)`)!, fr)).toBe("x au carré");
  });
});

describe("nameFormulas", () => {
  it("names each formula by its words and leaves the rest as it was", () => {
    const html = renderMathsInText(String.raw`If \(x^2 = 9\) and \(\frac{1}{2}\) "quoted"`)!;
    const named = nameFormulas(html, sayInEnglish);
    expect(named.match(/<math aria-label="([^"]*)"/g)).toEqual(['<math aria-label="x squared = 9"', '<math aria-label="1 over 2"']);
    expect(named.replace(/ aria-label="[^"]*"/g, "")).toBe(html);
  });

  it("escapes what it writes into the attribute", () => {
    const named = nameFormulas(renderMathsInText(String.raw`\(a < b \text{"}\)`)!, sayInEnglish);
    expect(named).toContain('aria-label="a &lt; b &quot;"');
  });
});

describe("the words in every language", () => {
  it("each language says every structure, with the same parts as English", async () => {
    const placeholders = (template: string) => [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const language of ["fr", "de", "es", "ja", "zh"]) {
      const { default: messages } = (await import(`../../../locales/${language}/common.json`)) as { default: typeof en };
      for (const [word, template] of Object.entries(en.maths)) expect(placeholders(messages.maths[word as keyof typeof en.maths]), `${language} ${word}`).toEqual(placeholders(template));
    }
  });
});
