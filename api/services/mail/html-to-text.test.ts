import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text";

describe("htmlToText (the text part of a student e-mail)", () => {
  it("keeps paragraphs, list items and link addresses readable", () => {
    const html = '<h3>Next week</h3><p>Read <strong>chapter 4</strong>.<br>Then:</p><ul><li>try the quiz</li><li>ask <a rel="noopener noreferrer nofollow" href="https://example.com/help">for help</a></li></ul><p>a &amp; b</p>';
    expect(htmlToText(html)).toBe("Next week\n\nRead chapter 4.\nThen:\n\n- try the quiz\n- ask for help (https://example.com/help)\n\na & b");
  });

  it("does not repeat an address that is the link's text", () => {
    expect(htmlToText('<p><a href="https://a.example">https://a.example</a> <a href="mailto:t@s.test">t@s.test</a></p>')).toBe("https://a.example t@s.test");
  });
});
