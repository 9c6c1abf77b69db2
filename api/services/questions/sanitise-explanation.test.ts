import { describe, expect, it } from "vitest";
import { sanitiseExplanation } from "./sanitise-explanation";

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
    ["<scr<script>ipt>alert(1)</scr</script>ipt>", "&lt;script&gt;"],
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
