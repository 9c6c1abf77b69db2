import fc from "fast-check";
import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { describe, expect, it } from "vitest";
import { explanationForPage, isSanitisedExplanation, sanitiseExplanation } from "./sanitise-explanation";

const REL = 'rel="noopener noreferrer nofollow"';

describe("sanitiseExplanation", () => {
  it("keeps the editor's formatting", () => {
    const html =
      "<h3>Why</h3><p>It is <strong>b</strong>, <em>i</em>, <u>u</u>, <s>s</s>, x<sub>2</sub>, e<sup>2</sup>.<br></p>" +
      '<ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote><pre><code>f(x)</code></pre><hr>';
    expect(sanitiseExplanation(html)).toBe(html);
  });

  it.each([
    ["<p>a<script>alert(1)</script>b</p>", "<p>ab</p>"],
    ['<img src="x" onerror="alert(1)">text', "text"],
    ['<p onclick="steal()" onmouseover="x" style="color:red" class="big" id="i">p</p>', "<p>p</p>"],
    ['<a href="javascript:alert(1)">j</a>', `<a ${REL}>j</a>`],
    ['<a href="JaVaScRiPt:alert(1)">j</a>', `<a ${REL}>j</a>`],
    ['<a href="&#106;avascript:alert(1)">j</a>', `<a ${REL}>j</a>`],
    ['<a href=" javascript:alert(1)">j</a>', `<a ${REL}>j</a>`],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>', `<a ${REL}>d</a>`],
    ['<a href="//evil.example/x">r</a><a href="/api/auth/logout">l</a>', `<a ${REL}>r</a><a ${REL}>l</a>`],
    ['<a href="https://example.org" target="_blank" rel="opener">ok</a>', `<a ${REL} href="https://example.org">ok</a>`],
    ['<a href="mailto:teacher@example.org">m</a>', `<a ${REL} href="mailto:teacher@example.org">m</a>`],
    ['<iframe src="https://evil.example">in</iframe><style>p{}</style><svg><script>1</script></svg><object>o</object>', ""],
    // A browser reads `<scr<script>` as one unknown tag: its text is what is left.
    ["<scr<script>ipt>alert(1)</scr</script>ipt>", "ipt&gt;alert(1)ipt&gt;"],
    ['<ol start="1 onclick=x">a</ol>', "<ol>a</ol>"],
    ["<h1>Big</h1><h2>Mid</h2><div><span>plain</span></div><!-- note -->", "<h3>Big</h3><h3>Mid</h3>plain"],
  ])("%s → %s", (input, output) => {
    expect(sanitiseExplanation(input)).toBe(output);
  });

  it("never lets a script, an event handler or a javascript: URL through", () => {
    const attacks = [
      "<svg onload=alert(1)>", "<body onload=alert(1)>", "<details open ontoggle=alert(1)>", "<a href=javascript&colon;alert(1)>x</a>",
      '<p title="x" onfocus="alert(1)" autofocus>', "<math><mi xlink:href=\"javascript:alert(1)\">x</mi></math>", "<<script>script>alert(1)<</script>/script>",
    ];
    for (const attack of attacks) {
      const clean = sanitiseExplanation(attack);
      expect(clean, attack).not.toMatch(/<script|\son\w+=|javascript:/i);
    }
  });

  it("treats markup without text as empty", () => {
    for (const empty of ["", "   ", "<p></p>", "<p><br></p>", "<p>&nbsp;</p><br>", "<script>x</script>"]) expect(sanitiseExplanation(empty), empty).toBe("");
  });

  it("is stable: sanitising its own output changes nothing", () => {
    const once = sanitiseExplanation('<p>a &amp; b &lt; c <a href="https://x.org/?a=1&b=2">l</a></p>');
    expect(sanitiseExplanation(once)).toBe(once);
  });
});

type Element = DefaultTreeAdapterTypes.Element;
const VOID = new Set(["br", "hr"]);

/** Every tag the string opens, it closes, in order (read as text, not through a parser). */
function isBalanced(html: string): boolean {
  const open: string[] = [];
  for (const [, closing, name] of html.matchAll(/<(\/?)([a-zA-Z][^\s/>]*)[^>]*>/g)) {
    const tag = name.toLowerCase();
    if (VOID.has(tag)) {
      if (closing) return false;
    } else if (!closing) open.push(tag);
    else if (open.pop() !== tag) return false;
  }
  return open.length === 0;
}

/**
 * How a browser reads the explanation inside a result page: the card sits in an answer's
 * `<li>` of an `<ol>`, followed by the answer's own actions, the next answer and the page's
 * footer. Answers what came out somewhere else, and every link the page has outside the card
 * (an unclosed `<a>` is rebuilt around the text that follows it).
 */
function escapesFromPage(explanation: string): string[] {
  const page = parse(
    `<!doctype html><html><body><main><ol id="answers"><li id="answer"><div id="card">${explanation}</div><div id="actions">thumbs</div></li>` +
      `<li id="next">next</li></ol></main><footer id="footer">footer</footer></body></html>`,
  );
  const idOf = (node: DefaultTreeAdapterTypes.ParentNode) => ("attrs" in node ? node.attrs.find((attr) => attr.name === "id")?.value : undefined);
  const parents = new Map<string, string>();
  const problems: string[] = [];
  const walk = (node: DefaultTreeAdapterTypes.ParentNode, inCard: boolean) => {
    for (const child of node.childNodes) {
      if (!("tagName" in child)) continue;
      const id = idOf(child);
      if (id) parents.set(id, idOf(node) ?? (node as Element).tagName);
      if (child.tagName === "a" && !inCard) problems.push(`a link outside the card, in ${idOf(node) ?? (node as Element).tagName}`);
      walk(child, inCard || id === "card");
    }
  };
  walk(page, false);
  const expected: [string, string][] = [["answers", "main"], ["answer", "answers"], ["card", "answer"], ["actions", "answer"], ["next", "answers"], ["footer", "body"]];
  return [...expected.filter(([id, parent]) => parents.get(id) !== parent).map(([id]) => `${id} moved`), ...problems];
}

describe("sanitiseExplanation: a balanced fragment", () => {
  const A = (href?: string) => `<a rel="noopener noreferrer nofollow"${href ? ` href="${href}"` : ""}>`;
  it.each([
    ["</div></div><a href=//evil>", `${A()}</a>`],
    ['<a href="https://evil.example">x', `${A("https://evil.example")}x</a>`],
    ["</li></ul></section>", ""],
    ["<p>a</li></ul></section>b</p>", "<p>ab</p>"],
    ['<a href="https://a.example">1<a href="https://b.example">2</a>3</a>', `${A("https://a.example")}1</a>${A("https://b.example")}2</a>3`],
    ['<a href="https://x.example"><table><td><a href="https://y.example">in</a></td></table></a>', `${A("https://x.example")}in</a>`],
    ["<b><i>x</b></i>", "<b><i>x</i></b>"],
    ["<b>bold<p>para</b>tail</p>", "<b>bold</b><p><b>para</b>tail</p>"],
    ["<!-- </div> -->x<!-- unclosed", "x"],
    ["<![CDATA[</div>]]>x", "]]&gt;x"],
    ['<svg><style></div><a href="https://evil.example">s</a></style></svg>after', "after"],
    // Formulas are kept (docs/decisions/0066), but nothing HTML inside them: the classic mutation XSS leaves an empty one.
    ['<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/div&gt;&lt;img src=1 onerror=alert(1)&gt;">', "<math><mtext></mtext></math>"],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', '"&gt;'],
    ["&lt;/div&gt; &#60;a href=x&#62; &amp;nbsp; &nbsp;", "&lt;/div&gt; &lt;a href=x&gt; &amp;nbsp; &nbsp;"],
    ["<li>stray item</li>", "stray item"],
    ["<ul><li>a<li>b</ul>", "<ul><li>a</li><li>b</li></ul>"],
    ["<ul><li><table><td><li>x</li></td></table></li></ul>", "<ul><li>x</li></ul>"],
    ["<p>a<ul><li>b</li></ul>c</p>", "<p>a</p><ul><li>b</li></ul>c<p></p>"],
    ["<p><button><p>x</p></button></p>", "<p>x</p>"],
    ["<h3><span><h4>x</h4></span></h3>", "<h3>x</h3>"],
    ["<table><tr><td>cell</td></tr></table>after", "cellafter"],
    ["<pre>\n\nx</pre>", "<pre>\n\nx</pre>"],
    ['<a href="https://x.org/?a=1&b=2">l</a>', `${A("https://x.org/?a=1&amp;b=2")}l</a>`],
  ])("%j → %j", (input, output) => {
    const clean = sanitiseExplanation(input);
    expect(clean).toBe(output);
    expect(isBalanced(clean)).toBe(true);
    expect(escapesFromPage(clean)).toEqual([]);
  });

  it("the attacks themselves, unsanitised, do break the page (so the check above can fail)", () => {
    expect(escapesFromPage('</div></li></ol></main><a href="https://evil.example">')).not.toEqual([]);
    expect(escapesFromPage('<a href="https://evil.example">x')).toEqual(["a link outside the card, in actions", "a link outside the card, in next", "a link outside the card, in footer"]);
    // Balanced is not enough: an item outside a list closes the page's own open item.
    expect(isBalanced("<li>x</li>")).toBe(true);
    expect(escapesFromPage("<li>x</li>")).toEqual(["actions moved"]);
    expect(isBalanced("<b><i>x</b></i>")).toBe(false);
  });

  it("takes any depth of nesting without running out of stack (the largest input allowed)", () => {
    for (const deep of ["<div>".repeat(20_000) + "x", "<b><i><u><s>".repeat(6_000) + "x", "<ul><li>".repeat(10_000)]) {
      const clean = sanitiseExplanation(deep);
      expect(isBalanced(clean)).toBe(true);
      expect(isSanitisedExplanation(clean) || clean === "").toBe(true);
    }
  });

  it("keeps nesting shallow enough that every browser builds the same tree", () => {
    const clean = sanitiseExplanation(`${"<b><i>".repeat(30)}deep`);
    expect(isBalanced(clean)).toBe(true);
    expect(clean.match(/<[bi]>/g)).toHaveLength(32);
  });

  it("for any mix of tags, text and entities: balanced, only what it writes, contained in the page and stable", () => {
    const piece = fc.constantFrom(
      "<p>", "</p>", "<a href=\"https://e.example\">", "<a href=//evil>", "</a>", "<b>", "</b>", "<i>", "</i>", "<ul>", "</ul>", "<ol start=2>", "</ol>",
      "<li>", "</li>", "<h1>", "<h3>", "</h4>", "<pre>", "</pre>", "<blockquote>", "</div>", "<div>", "</section>", "<table>", "<td>", "</table>",
      "<svg>", "</svg>", "<math>", "<mtext>", "<style>", "</style>", "<!--", "-->", "<![CDATA[", "]]>", "<br>", "<hr>", "<button>", "<select>",
      "<template>", "</template>", "<noscript>", "</noscript>", "&lt;", "&amp;", "&nbsp;", "&#60;/div&#62;", "<", ">", "\"", "x", " ", "\n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const clean = sanitiseExplanation(pieces.join(""));
        expect(isBalanced(clean)).toBe(true);
        expect(clean === "" || isSanitisedExplanation(clean)).toBe(true);
        expect(escapesFromPage(clean)).toEqual([]);
        expect(sanitiseExplanation(clean)).toBe(clean);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("explanationForPage: what a page is given", () => {
  it("gives an explanation written by the sanitiser as it is", () => {
    const stored = sanitiseExplanation('<h3>Why</h3><p>See <a href="https://x.org/?a=1&b=2">this</a>.</p><ol start="2"><li><b>one</b></li></ol><hr><pre>\n\ncode</pre>');
    expect(isSanitisedExplanation(stored)).toBe(true);
    expect(explanationForPage(stored)).toBe(stored);
  });

  it("balances an explanation stored before (js-xss kept stray closing tags and unclosed links)", () => {
    const old = '<p>See</p></li></ol></section><a rel="noopener noreferrer nofollow" href="https://evil.example/">click';
    expect(isSanitisedExplanation(old)).toBe(false);
    expect(escapesFromPage(old)).not.toEqual([]);
    const shown = explanationForPage(old);
    expect(shown).toBe('<p>See</p><a rel="noopener noreferrer nofollow" href="https://evil.example/">click</a>');
    expect(escapesFromPage(shown)).toEqual([]);
  });

  it.each([
    "<p>x", "</p>", "<p><ul><li>x</li></ul></p>", "<li>x</li>", '<a rel="noopener noreferrer nofollow"><a rel="noopener noreferrer nofollow">x</a></a>',
    "<h3><h4>x</h4></h3>", "<p onclick=x>y</p>", "<br/>", "<!-- c -->", '<a href="https://x">x</a>', "<div>x</div>", `${"<b>".repeat(33)}x${"</b>".repeat(33)}`,
  ])("does not take %j as already sanitised", (html) => {
    expect(isSanitisedExplanation(html)).toBe(false);
    expect(isBalanced(explanationForPage(html))).toBe(true);
  });
});
