import { describe, expect, it } from "vitest";
import { mathsAsText } from "./maths-as-text";

describe("mathsAsText", () => {
  it("gives a formula's words without its TeX source, entities read", () => {
    const html = '<math><semantics><mrow><mi>x</mi><mo>=</mo><mn>3</mn><mo>&lt;</mo><mi>&#x3C0;</mi></mrow><annotation encoding="application/x-tex">x = 3 &lt; \\pi</annotation></semantics></math> at &amp; after';
    expect(mathsAsText(html)).toBe("x=3<π at & after");
  });
});
