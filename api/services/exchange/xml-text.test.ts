import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text";
import { declaresEntities, decodeXmlText } from "./xml-text";

describe("decodeXmlText (the only entities ever decoded)", () => {
  it("decodes the five predefined entities and character references once, keeps everything else as written", () => {
    expect(decodeXmlText("a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;")).toBe(`a <b> & "c" 'd'`);
    expect(decodeXmlText("&amp;lt; stays &lt;")).toBe("&lt; stays <");
    expect(decodeXmlText("caf&#233; &#x1F600;")).toBe("café 😀");
    expect(decodeXmlText("&nbsp; &secret; &#0; &#xD800; &#x110000;")).toBe("&nbsp; &secret; &#0; &#xD800; &#x110000;");
  });
});

describe("declaresEntities", () => {
  it("finds a DOCTYPE with an internal subset or an ENTITY before the root, not words of the same look inside the document", () => {
    expect(declaresEntities('<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY a "b">]><quiz/>')).toBe(true);
    expect(declaresEntities("<!-- c --><!doctype quiz [ ]><quiz/>")).toBe(true);
    expect(declaresEntities('<!ENTITY x SYSTEM "file:///etc/passwd"><quiz/>')).toBe(true);
    expect(declaresEntities('<!DOCTYPE quiz SYSTEM "quiz.dtd"><quiz/>')).toBe(false);
    expect(declaresEntities("<quiz><text><![CDATA[<!DOCTYPE x [<!ENTITY y 'z'>]>]]></text></quiz>")).toBe(false);
  });
});

describe("htmlToText (HTML → our plain question text)", () => {
  it("separates blocks by a blank line, breaks lines at <br>, lists items, decodes entities, drops scripts and styles with their text, lists the images", () => {
    const html = `<h3>Title</h3><p>One&nbsp;&amp; two<br>three</p><ul><li>a</li><li>b</li></ul><script>alert(1)</script><style>p{}</style><p>Look: <img src="@@PLUGINFILE@@/x.png"> <img src="y.png"></p>`;
    expect(htmlToText(html)).toEqual({ text: "Title\n\nOne & two\nthree\n\n- a\n- b\n\nLook:", images: ["@@PLUGINFILE@@/x.png", "y.png"] });
  });

  it("reads markup nested deeper than it walks as no text rather than overflowing", () => {
    expect(htmlToText(`${"<span>".repeat(5000)}deep${"</span>".repeat(5000)}`).text).toBe("");
  });
});
