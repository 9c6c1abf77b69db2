import { XMLParser, XMLValidator } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { escapeGift, writeGift } from "../gift-write";
import { decimal, type ExportQuestion } from "./export-question";
import { writeMoodleXml } from "./moodle-xml-write";
import { writeQtiPackage } from "./qti-package";
import { escapeXml } from "./xml";
import { exportFileName } from "./export-file";

/** The writers as pure functions: output that every XML reader takes, whatever the texts hold. */
const hostile = 'x ]]> <script>alert(1)</script> & "q" \u0000\u0008 \uD800 end';
const question = (over: Partial<ExportQuestion>): ExportQuestion => ({
  id: 1,
  questionText: hostile,
  optionType: "radio",
  options: [
    { optionText: hostile, optionStatus: true },
    { optionText: "b", optionStatus: false },
  ],
  answerKey: null,
  defaultMark: 1,
  category: "Maths",
  course: "Algebra",
  tags: [hostile],
  explanation: `<p>${hostile.replace(/[<&]/g, "")}</p><img src="x.png"><br>`,
  image: { name: "q1-a.png", contentType: "image/png", bytes: new Uint8Array([1, 2, 3]) },
  ...over,
});
const place = { category: "Maths <&>", course: "Algebra" };
const parser = new XMLParser({ ignoreAttributes: false, processEntities: false, htmlEntities: false, parseTagValue: false });

describe("question export writers", () => {
  it("escapeXml escapes the five special characters and drops what XML 1.0 cannot hold (controls, lone surrogates)", () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
    expect(escapeXml("a\u0000b\u0008c\uD800d\uDC00e\u{1F600}\tf")).toBe("abcde\u{1F600}\tf");
  });

  it("Moodle XML with script, CDATA ends and control characters in every text field is well-formed and keeps the script as text", async () => {
    const xml = await writeMoodleXml([question({}), question({ id: 2, optionType: "essay", options: [], answerKey: { graderInfo: `<p>${hostile}</p>`, responseTemplate: "", minWords: 1 } })], place);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("<script>");
    const quiz = parser.parse(xml).quiz;
    expect(quiz.question[1].questiontext.text).toContain("&amp;lt;script&amp;gt;");
  });

  it("a QTI package of the same is well-formed: the manifest and each item, the explanation's HTML as XHTML (void elements closed)", async () => {
    const zip = await writeQtiPackage([question({}), question({ id: 2, optionType: "ordering", options: [], answerKey: { items: [hostile, "b"], grading: "allOrNothing" }, image: { name: "q2-a.png", contentType: "image/png", bytes: new Uint8Array([4]) } })], place);
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(["images/q1-a.png", "images/q2-a.png", "imsmanifest.xml", "items/q1.xml", "items/q2.xml"]);
    for (const name of ["imsmanifest.xml", "items/q1.xml", "items/q2.xml"]) expect(XMLValidator.validate(strFromU8(files[name])), name).toBe(true);
    const item = strFromU8(files["items/q1.xml"]);
    expect(item).toContain('<img src="x.png"/><br/>');
    expect(item).not.toContain("<script>");
    expect(parser.parse(item)["qti-assessment-item"]["qti-response-processing"]["@_template"]).toBe("https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml");
  });

  it("GIFT escapes its special characters and line breaks, so a text never closes a question", async () => {
    expect(escapeGift("a{b}=c~d#e:f\\g\nh")).toBe("a\\{b\\}\\=c\\~d\\#e\\:f\\\\g\\nh");
    const file = await writeGift([question({ image: null })], { ...place, exportedAt: "2026-11-29" });
    expect(file.text.split("\n\n")).toHaveLength(2);
  });

  it("numbers are written as decimals, never in exponent form", () => {
    expect([1e-7, -2.5e-8, 1e21, 3.14, 0, 12].map(decimal)).toEqual(["0.0000001", "-0.000000025", "1000000000000000000000", "3.14", "0", "12"]);
  });

  it("file names are ASCII without spaces: course, category, day", () => {
    expect(exportFileName({ category: "Mathématiques Été", course: "Algèbre 1" }, "2026-11-29", "moodlexml")).toBe("algebre-1-mathematiques-ete-2026-11-29.xml");
    expect(exportFileName({ category: "数学", course: "代数" }, "2026-11-29", "qti3")).toBe("questions-2026-11-29.zip");
  });
});
