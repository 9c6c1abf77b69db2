import fontkit from "@cantoo/fontkit";
import { PDFDict, PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { encode } from "uqr";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { createDiskFontSource } from "../../adapters/fonts-disk.node";
import type { Language } from "../../../locales/languages";
import { renderCertificatePdf } from "./certificate-pdf";
import { certificateFileName } from "./download-certificate";
import type { CertificateFontName, FontSource } from "../core/fonts";
import { FontChain, fontOrder, layoutText, widthOf } from "./pdf-text";
import { qrRects } from "./qr";

/** The certificate PDF (docs/decisions/0026-certificates.md): what it says, in which fonts. */
const disk = createDiskFontSource();
const URL_OF_CODE = "https://quiz.school.test/quiz/verify/3q2-7wAAAAD_u7u7u7u7uw";

function facts(fields: Partial<Parameters<typeof renderCertificatePdf>[0]> = {}) {
  return {
    studentName: "Zoë Łukasz-Nguyễn",
    quizName: "Light and Lenses",
    percentage: 85.33,
    completedAt: new Date(Date.UTC(2026, 10, 23, 10)),
    issuer: "Riverside High",
    verifyUrl: URL_OF_CODE,
    ...fields,
  };
}

/** A font source that records which fonts were read. */
function recording() {
  const read: CertificateFontName[] = [];
  const source: FontSource = (font) => {
    read.push(font);
    return disk(font);
  };
  return { read, source };
}

async function render(language: Language, fields: Partial<Parameters<typeof renderCertificatePdf>[0]> = {}) {
  const fonts = recording();
  const bytes = await renderCertificatePdf(facts(fields), { language, fonts: fonts.source });
  // pdf.js takes over (detaches) the buffer it is given: it reads a copy.
  const text = (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text;
  return { bytes, text, read: fonts.read };
}

/** The BaseFont names of the page's fonts (each font object once): which font files ended up in the PDF. */
async function embeddedFonts(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const fonts = doc.getPage(0).node.Resources()?.lookup(PDFName.of("Font"), PDFDict);
  const objects = new Set((fonts?.values() ?? []).map((ref) => doc.context.lookup(ref, PDFDict)));
  return [...objects].map((font) => String(font.get(PDFName.of("BaseFont")))).sort();
}

/** The fonts of a new document, as the renderer sets them up. */
async function chainFor(language: Language) {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  return new FontChain(doc, disk, language);
}

describe("renderCertificatePdf", () => {
  it("makes one A4 landscape page that pdf-lib loads back, with the student, quiz, percentage, date, school and verification URL as real text", async () => {
    const { bytes, text, read } = await render("en");
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    expect(doc.getTitle()).toBe("Certificate of Completion: Light and Lenses");
    expect(doc.getSubject()).toBe("Zoë Łukasz-Nguyễn");
    expect(doc.getAuthor()).toBe("Riverside High");
    for (const shown of ["Riverside High", "Certificate of Completion", "This certifies that", "Zoë Łukasz-Nguyễn", "has completed the quiz", "Light and Lenses", "with a score of", "85.33%", "Date", "November 23, 2026", "Verify this certificate at", URL_OF_CODE]) {
      expect(text).toContain(shown);
    }
    // Latin only: the big CJK files are never read, and only the Latin font is embedded.
    expect(read).toEqual(["latin"]);
    expect((await embeddedFonts(bytes)).map((name) => name.replace(/^\/|-\d+$/g, ""))).toEqual(["NotoSans-Regular"]);
  });

  it("writes Japanese and Chinese names and texts in fonts that have them", async () => {
    const ja = await render("ja", { studentName: "山田 さくら", quizName: "光とレンズ", issuer: "東京第一高等学校", percentage: 92 });
    for (const shown of ["山田 さくら", "光とレンズ", "東京第一高等学校", "修了証", "92%", "2026年11月23日", URL_OF_CODE]) expect(ja.text).toContain(shown);
    expect(ja.read).not.toContain("chinese");
    expect((await embeddedFonts(ja.bytes)).join(" ")).toMatch(/NotoSansJP-Regular/);

    const zh = await render("en", { studentName: "张伟", quizName: "光与透镜：几何光学", percentage: 76.5 });
    for (const shown of ["张伟", "光与透镜：几何光学", "Certificate of Completion", "76.5%"]) expect(zh.text).toContain(shown);
    expect((await embeddedFonts(zh.bytes)).join(" ")).toMatch(/NotoSansSC-Regular/);
  });

  it("writes each language's own texts and numbers", async () => {
    expect((await render("fr")).text).toMatch(/Certificat d’achèvement[\s\S]*85,33\s%[\s\S]*23 novembre 2026/);
    expect((await render("de")).text).toMatch(/Teilnahmezertifikat[\s\S]*85,33\s%[\s\S]*23\. November 2026/);
    expect((await render("zh")).text).toContain("结业证书");
  });

  // Issue 25 point 6 (docs/decisions/0063): there is no pass mark, so a certificate certifies
  // that the quiz was completed, with its score, and never calls a 40 % result a success.
  it.each([
    ["en", "Certificate of Completion", /achiev|success|pass(ed)?\b|excellen|merit/i],
    ["fr", "Certificat d’achèvement", /réussi|succès|admis|mérite/i],
    ["de", "Teilnahmezertifikat", /bestanden|erfolg|leistung/i],
    ["es", "Certificado de finalización", /aprob|éxito|logro|mérito/i],
    ["ja", "修了証", /合格|達成|優秀/],
    ["zh", "结业证书", /及格|合格|成就|优秀/],
  ] as const)("a 40 %% result's certificate in %s says %s and never calls it a success", async (language, title, success) => {
    const { text } = await render(language, { percentage: 40 });
    expect(text).toContain(title);
    expect(text).not.toMatch(success);
  });

  // Issue 27 point 4 (docs/decisions/0076): a result that reached the pass mark is certified as an achievement.
  it.each([
    ["en", "Certificate of Achievement", "has passed the quiz"],
    ["fr", "Certificat de réussite", "a réussi le quiz"],
    ["de", "Leistungszertifikat", "hat das Quiz bestanden"],
    ["es", "Certificado de aprobación", "ha aprobado el cuestionario"],
    ["ja", "合格証", "次のクイズに合格しました"],
    ["zh", "合格证书", "已通过测验"],
  ] as const)("an achievement certificate in %s says %s and that the quiz was passed", async (language, title, passed) => {
    const { text } = await render(language, { percentage: 80, kind: "Achievement" });
    expect(text).toContain(title);
    expect(text).toContain(passed);
  });

  it("keeps very long names and quiz names on the page", async () => {
    const longName = "Marie-Thérèse Élodie de la Fontaine-Beauséjour d'Aubigné-Montmorency ".repeat(4).trim();
    const { text } = await render("en", { studentName: longName, quizName: "Optics ".repeat(120) });
    expect(text).toContain("Marie-Thérèse Élodie de la Fontaine-Beauséjour");
    expect(text).toContain("…");
  });
});

describe("the fonts of a text", () => {
  it("prefers Japanese for kana or a Japanese certificate, Chinese for other Han text, Latin first for other text", () => {
    expect(fontOrder("山田 さくら", "en")).toEqual(["japanese", "chinese", "latin"]);
    expect(fontOrder("山田太郎", "ja")).toEqual(["japanese", "chinese", "latin"]);
    expect(fontOrder("张伟", "en")).toEqual(["chinese", "japanese", "latin"]);
    expect(fontOrder("Zoë", "ja")).toEqual(["latin", "japanese", "chinese"]);
  });

  it("draws every character in a font that has its glyph, in as few runs as it can", async () => {
    const chain = await chainFor("en");
    for (const [text, runs] of [
      ["Zoë Łukasz-Nguyễn Жанна Ωμέγα", 1],
      ["山田 さくら", 1],
      ["张伟 们", 1],
      // Han text takes its Latin letters from the CJK font too, except those it lacks (Ł).
      ["Zoë Łukasz 山田", 3],
    ] as const) {
      const drawn = await chain.runs(text);
      expect(drawn.map((run) => run.text).join(""), text).toBe(text);
      expect(drawn, text).toHaveLength(runs);
      for (const run of drawn) {
        const glyphs = new Set(run.font.getCharacterSet());
        for (const char of run.text) expect(glyphs.has(char.codePointAt(0) ?? 0), `${char} of ${text}`).toBe(true);
      }
    }
  });

  it("shrinks, then wraps, then cuts with … a text too wide for its line", async () => {
    const chain = await chainFor("en");
    const options = { size: 30, minSize: 20, maxWidth: 300, maxLines: 2 };
    const one = await layoutText(chain, "Ann Lee", options);
    expect(one.map((line) => line.size)).toEqual([30]);
    const shrunk = await layoutText(chain, "Annabelle Leeworth-Smith", options);
    expect(shrunk).toHaveLength(1);
    expect(shrunk[0].size).toBeLessThan(30);
    expect(shrunk[0].size).toBeGreaterThanOrEqual(20);
    const wrapped = await layoutText(chain, "Marie-Thérèse Élodie de la Fontaine-Beauséjour", options);
    expect(wrapped).toHaveLength(2);
    const cut = await layoutText(chain, "word ".repeat(100), options);
    expect(cut).toHaveLength(2);
    expect(cut[1].runs.map((run) => run.text).join("")).toMatch(/…$/);
    const cjk = await layoutText(chain, "光".repeat(80), options);
    expect(cjk).toHaveLength(2);
    for (const line of [...wrapped, ...cut, ...cjk]) expect(widthOf(line.runs, line.size)).toBeLessThanOrEqual(300);
  });
});

describe("qrRects", () => {
  it("covers exactly the dark modules of the QR code of the text", () => {
    const { size, rects } = qrRects(URL_OF_CODE);
    const { data } = encode(URL_OF_CODE, { ecc: "M", border: 0 });
    const drawn = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const rect of rects) for (let x = rect.x; x < rect.x + rect.width; x++) drawn[rect.y][x] = true;
    expect(drawn).toEqual(data);
    // One rectangle per run of dark modules, not per module.
    expect(rects.length).toBeLessThan(data.flat().filter(Boolean).length * 0.6);
  });
});

describe("certificateFileName", () => {
  it("is ASCII: accents dropped, other scripts left out, the attempt id kept", () => {
    expect(certificateFileName("Light & Lenses: Optics", 12, "Completion")).toBe("certificate-of-completion-light-lenses-optics-12.pdf");
    expect(certificateFileName("Éléments d'optique", 3, "Achievement")).toBe("certificate-of-achievement-elements-d-optique-3.pdf");
    expect(certificateFileName("光とレンズ", 7, "Completion")).toBe("certificate-of-completion-7.pdf");
    expect(certificateFileName("a".repeat(200), 1, "Completion")).toBe(`certificate-of-completion-${"a".repeat(60)}-1.pdf`);
  });
});
