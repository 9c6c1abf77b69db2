import { parseFragment, type DefaultTreeAdapterTypes } from "parse5";
import { describe, expect, it } from "vitest";
import { isSanitisedExplanation, sanitiseExplanation } from "../questions/sanitise-explanation";
import { renderMathsInText } from "./render-tex";

/** Every element and attribute a browser builds from the text (parse5 is the HTML standard's parser). */
function built(html: string): { elements: string[]; attributes: string[] } {
  const elements: string[] = [];
  const attributes: string[] = [];
  const walk = (nodes: DefaultTreeAdapterTypes.ChildNode[]) => {
    for (const node of nodes) {
      if (!("tagName" in node)) continue;
      elements.push(node.tagName);
      for (const attr of node.attrs) attributes.push(`${attr.prefix ? `${attr.prefix}:` : ""}${attr.name}=${attr.value}`);
      walk(node.childNodes);
    }
  };
  walk(parseFragment(html).childNodes);
  return { elements, attributes };
}

describe("the explanation sanitiser and MathML", () => {
  it("keeps the formulas the renderer writes, exactly", () => {
    const html = renderMathsInText(String.raw`\(x^2\) and \[\begin{pmatrix}1&2\\3&4\end{pmatrix}\]`)!;
    expect(sanitiseExplanation(html)).toBe(html);
    expect(isSanitisedExplanation(html)).toBe(true);
  });

  it.each([
    ['<math href="javascript:alert(1)"><mi>x</mi></math>', "<math><mi>x</mi></math>"],
    ['<math><mi xlink:href="javascript:alert(1)" xlink:type="simple">x</mi></math>', "<math><mi>x</mi></math>"],
    ['<math><maction actiontype="statusline"><mi>x</mi><mtext>javascript:alert(1)</mtext></maction></math>', "<math></math>"],
    ['<math><semantics><mi>x</mi><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></semantics></math>', "<math><semantics><mi>x</mi></semantics></math>"],
    ['<math><semantics><mi>x</mi><annotation encoding="text/html"><img src=x onerror=alert(1)></annotation></semantics></math>', "<math><semantics><mi>x</mi><annotation></annotation></semantics></math>"],
    ["<math><mtext><script>alert(1)</script></mtext></math>", "<math><mtext></mtext></math>"],
    ["<math><mi><img src=x onerror=alert(1)>x</mi></math>", "<math><mi>x</mi></math>"],
    ['<math><mglyph src="javascript:alert(1)"></mglyph><mi>y</mi></math>', "<math><mi>y</mi></math>"],
    ['<math><mi style="background:url(javascript:alert(1))" class="c" id="i" onclick="alert(1)" tabindex="0">x</mi></math>', "<math><mi>x</mi></math>"],
    ['<math><mtd style="padding:1em;position:fixed">x</mtd></math>', "<math><mtd>x</mtd></math>"],
    ["<math><style>*{color:red}</style><mi>x</mi></math>", "<math><mi>x</mi></math>"],
    ['<math><mi mathvariant="bold" mathcolor="red" onmouseover="alert(1)">x</mi></math>', '<math><mi mathvariant="bold" mathcolor="red">x</mi></math>'],
    ['<math><math><mi>x</mi></math></math>', "<math></math>"],
    ["<math><mtext><a href=\"https://evil.example\">link</a></mtext></math>", "<math><mtext>link</mtext></math>"],
    ['<svg><math><mi>x</mi></math></svg>after', "after"],
    ['<math><annotation encoding="application/x-tex">outside semantics</annotation></math>', "<math></math>"],
    ['<math display="block" onload="alert(1)"><mi>x</mi></math>', '<math display="block"><mi>x</mi></math>'],
    ['<math><mspace width="999999em"></mspace></math>', "<math><mspace></mspace></math>"],
  ])("%j → %j", (input, output) => {
    const clean = sanitiseExplanation(input);
    expect(clean).toBe(output);
    expect(isSanitisedExplanation(clean)).toBe(true);
    const { elements, attributes } = built(clean);
    expect(elements).not.toEqual(expect.arrayContaining(["script", "img", "a", "maction", "annotation-xml", "mglyph", "style"]));
    expect(attributes.filter((attr) => /^(?:on|xlink:|href|src|class|id)|javascript:/i.test(attr))).toEqual([]);
  });

  it("does not take hand-written MathML with other attributes or places as already sanitised", () => {
    for (const html of [
      '<math href="javascript:alert(1)"><mi>x</mi></math>',
      '<math><mi style="position:fixed">x</mi></math>',
      "<mi>x</mi>",
      "<math><mi><b>x</b></mi></math>",
      "<math><math></math></math>",
      '<math><annotation-xml encoding="text/html"></annotation-xml></math>',
      '<math><mi mathvariant="bold" mathcolor="red">x</mi></math>'.replace("mathvariant", "mathcolor").replace('mathcolor="red"', 'mathvariant="bold"'),
    ]) {
      expect(isSanitisedExplanation(html), html).toBe(false);
    }
  });
});
