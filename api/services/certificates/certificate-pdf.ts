import { PDFDocument, rgb, type Color, type PDFPage } from "@cantoo/pdf-lib";
import fontkit from "@cantoo/fontkit";
import type { Language } from "../../../locales/languages";
import { certificateTranslator } from "./certificate-language";
import type { FontSource } from "../core/fonts";
import { UTC } from "../core/dates";
import { formatCertificateDate, formatPercentage } from "./format";
import type { CertificatePdfFacts } from "../core/heavy-jobs";
import { FontChain, layoutText, type Line } from "./pdf-text";
import { qrRects } from "./qr";

// A4 landscape, in points.
const WIDTH = 841.89;
const HEIGHT = 595.28;
const MARGIN = 64;
// The app's palette (app/styles/ui.css): text, muted text, primary and its soft tint.
const INK = rgb(0x1f / 255, 0x24 / 255, 0x33 / 255);
const MUTED = rgb(0x5e / 255, 0x64 / 255, 0x77 / 255);
const ACCENT = rgb(0x3b / 255, 0x4f / 255, 0xd8 / 255);
const ACCENT_SOFT = rgb(0xe8 / 255, 0xeb / 255, 0xfc / 255);
const QR_SIZE = 84;

/** What the PDF says: plain data (structured-cloneable, so a worker thread can make it). */
type Facts = CertificatePdfFacts;

/**
 * The certificate as a one-page PDF (decisions.md "Certificates"): the school, the student,
 * the quiz, the percentage and the date, with a QR code and the short URL of the public
 * page that confirms it. Every text is real text in embedded, subset Noto fonts (copyable,
 * searchable, read aloud by screen readers), in the reader's language; names in any of the
 * scripts of fonts.ts render as written. Web-standard code only: it runs on Workers too.
 */
export async function renderCertificatePdf(facts: Facts, options: { language: Language; fonts: FontSource }): Promise<Uint8Array> {
  const { language } = options;
  const t = certificateTranslator(language);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const chain = new FontChain(doc, options.fonts, language);
  const page = doc.addPage([WIDTH, HEIGHT]);

  // Frame: a soft band around the page and a hairline inside it.
  page.drawRectangle({ x: 18, y: 18, width: WIDTH - 36, height: HEIGHT - 36, borderColor: ACCENT_SOFT, borderWidth: 10 });
  page.drawRectangle({ x: 32, y: 32, width: WIDTH - 64, height: HEIGHT - 64, borderColor: ACCENT, borderWidth: 0.8 });

  // The centre column, laid out first and then centred between the frame's top and the
  // footer, so that a name or quiz name on two lines moves everything evenly.
  const textWidth = WIDTH - 2 * MARGIN - 40;
  type Block = { lines: Line[]; color: Color; lead: number } | { rule: true; lead: number };
  const text = async (value: string, lead: number, color: Color, size: number, minSize = size, maxLines = 1): Promise<Block> => ({
    lines: await layoutText(chain, value, { size, minSize, maxWidth: textWidth, maxLines }),
    color,
    lead,
  });
  // ADR 0076: a result that reached the quiz's pass mark gets a certificate of achievement.
  const achieved = facts.kind === "Achievement";
  const title = t(achieved ? "passMark.pdf.title" : "certificate.pdf.title");
  const blocks: Block[] = [
    await text(facts.issuer, 0, MUTED, 13, 9),
    await text(title, 50, ACCENT, 32, 22),
    { rule: true, lead: 16 },
    await text(t("certificate.pdf.certifies"), 34, MUTED, 13, 10),
    await text(facts.studentName, 42, INK, 30, 20, 2),
    await text(t(achieved ? "passMark.pdf.passed" : "certificate.pdf.completed"), 36, MUTED, 13, 10),
    await text(facts.quizName, 32, INK, 20, 14, 2),
    await text(t("certificate.pdf.scored"), 32, MUTED, 13, 10),
    await text(formatPercentage(facts.percentage, language), 38, ACCENT, 26),
  ];
  const lineGap = (line: Line) => line.size * 1.25;
  const extent = blocks.reduce((sum, block) => sum + block.lead + ("lines" in block ? block.lines.slice(1).reduce((more, line) => more + lineGap(line), 0) : 0), 0);
  const top = HEIGHT - 60;
  const footerTop = 150;
  // From the first baseline to the last, plus the first line's cap height and the last one's descent.
  let baseline = top - (top - footerTop - (extent + 10 + 8)) / 2 - 10;
  for (const block of blocks) {
    baseline -= block.lead;
    if (!("lines" in block)) {
      page.drawLine({ start: { x: WIDTH / 2 - 30, y: baseline }, end: { x: WIDTH / 2 + 30, y: baseline }, thickness: 1.5, color: ACCENT });
      continue;
    }
    block.lines.forEach((line, index) => {
      if (index > 0) baseline -= lineGap(line);
      drawLine(page, line, (WIDTH - line.width) / 2, baseline, block.color);
    });
  }

  // Bottom left: the date. Bottom right: the QR code, with the address it holds beside it.
  const bottom = 58;
  await drawText(page, chain, t("certificate.pdf.date"), MARGIN, bottom + 16, 9, MUTED);
  await drawText(page, chain, formatCertificateDate(facts.completedAt, language, facts.timeZone ?? UTC), MARGIN, bottom, 12, INK);
  const qrX = WIDTH - MARGIN - QR_SIZE;
  drawQr(page, facts.verifyUrl, qrX, bottom - 8, QR_SIZE);
  const verifyRight = qrX - 14;
  const label = await layoutText(chain, t("certificate.pdf.verify"), { size: 9, minSize: 7, maxWidth: 300, maxLines: 1 });
  drawLine(page, label[0], verifyRight - label[0].width, bottom + 16, MUTED);
  const url = await layoutText(chain, facts.verifyUrl, { size: 9, minSize: 6, maxWidth: 330, maxLines: 1 });
  drawLine(page, url[0], verifyRight - url[0].width, bottom, INK);

  doc.setTitle(`${title}: ${facts.quizName}`);
  doc.setSubject(facts.studentName);
  doc.setAuthor(facts.issuer);
  doc.setLanguage(language);
  doc.setCreator("Quiz");
  doc.setProducer("Quiz");
  return doc.save();
}

function drawLine(page: PDFPage, line: Line, x: number, y: number, color: Color) {
  let cursor = x;
  for (const run of line.runs) {
    page.drawText(run.text, { x: cursor, y, size: line.size, font: run.font, color });
    cursor += run.font.widthOfTextAtSize(run.text, line.size);
  }
}

async function drawText(page: PDFPage, chain: FontChain, text: string, x: number, y: number, size: number, color: Color) {
  const [line] = await layoutText(chain, text, { size, minSize: size * 0.7, maxWidth: 260, maxLines: 1 });
  drawLine(page, line, x, y, color);
}

/** The QR code of the verification URL, `size` points square, its top-left module at the top. */
function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const qr = qrRects(text);
  const module = size / qr.size;
  // Each row reaches a hair into the next, so anti-aliasing shows no light seams between rows.
  const overlap = 0.1;
  for (const rect of qr.rects) {
    const top = y + size - rect.y * module;
    page.drawRectangle({ x: x + rect.x * module, y: top - module - (rect.y === qr.size - 1 ? 0 : overlap), width: rect.width * module, height: module + (rect.y === qr.size - 1 ? 0 : overlap), color: INK });
  }
}
