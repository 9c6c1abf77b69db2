import { describe, expect, it } from "vitest";
import { renderMathsInText } from "../../../../api/services/maths/render-tex";
import { clozeParts } from "./cloze-text";

describe("clozeParts", () => {
  it("cuts a plain gap text at its gaps", () => {
    expect(clozeParts("The sun is a {1} and {2}.")).toEqual([{ text: "The sun is a " }, 1, { text: " and " }, 2, { text: "." }]);
  });

  it("gives each run with a formula its rendered HTML, the formula whole, and keeps the gaps", () => {
    const text = String.raw`If \(x^2 = 9\) then x = {1}, and \(\frac{a}{b}\) is {2}.`;
    const parts = clozeParts(text, renderMathsInText(text));
    expect(parts.filter((part) => typeof part === "number")).toEqual([1, 2]);
    const [first, , second, , last] = parts as [{ text: string; html?: string }, number, { text: string; html?: string }, number, { text: string; html?: string }];
    expect(first.text).toBe(String.raw`If \(x^2 = 9\) then x = `);
    expect(first.html).toMatch(/^If <math>.*<msup>.*<\/math> then x = $/);
    expect(second.html).toMatch(/^, and <math>.*<mfrac>.*<\/math> is $/);
    expect(last).toEqual({ text: "." });
  });

  it("falls back to the typed text when a gap stands inside a formula (its TeX keeps it in the annotation)", () => {
    const text = String.raw`Solve \(x + {1} = 3\).`;
    const html = renderMathsInText(text);
    expect(html).toContain("<math");
    expect(clozeParts(text, html)).toEqual([{ text: String.raw`Solve \(x + ` }, 1, { text: String.raw` = 3\).` }]);
  });
});
