import type { PDFDocument, PDFFont } from "@cantoo/pdf-lib";
import type { Language } from "../../../locales/languages";
import type { CertificateFontName, FontSource } from "../core/fonts";

/** A piece of one line drawn in one font. */
export interface Run {
  text: string;
  font: PDFFont;
}

/** One line, cut into runs, with its width at `size`. */
export interface Line {
  runs: Run[];
  width: number;
  size: number;
}

/** An embedded font and the code points it has glyphs for. */
interface Embedded {
  font: PDFFont;
  glyphs: Set<number>;
}

const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Which fonts to try, in order, for one text. Han characters look different in Japanese and
 * Chinese (same code point, other glyph), so a text with kana, or any Han text on a
 * Japanese certificate, prefers the Japanese font and all other Han text the Chinese one. A
 * text with Han or kana takes its Latin letters and digits from the same CJK font, so a
 * line such as "2026年11月23日" is one design; other text takes the Latin font first.
 */
export function fontOrder(text: string, language: Language): CertificateFontName[] {
  const cjk: CertificateFontName[] = KANA.test(text) || language === "ja" ? ["japanese", "chinese"] : ["chinese", "japanese"];
  return CJK.test(text) ? [...cjk, "latin"] : ["latin", ...cjk];
}

/**
 * The fonts of one document, each embedded (as a subset: only the glyphs drawn end up in
 * the file) the first time a character needs it, so a Latin-only certificate never reads the
 * CJK files.
 */
export class FontChain {
  private readonly embedded = new Map<CertificateFontName, Promise<Embedded>>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly source: FontSource,
    readonly language: Language,
  ) {}

  private embed(name: CertificateFontName) {
    let entry = this.embedded.get(name);
    if (!entry) {
      entry = this.source(name).then(async (bytes) => {
        const font = await this.doc.embedFont(bytes, { subset: true });
        return { font, glyphs: new Set(font.getCharacterSet()) };
      });
      this.embedded.set(name, entry);
    }
    return entry;
  }

  /**
   * `text` as runs: each character in the first font of `order` that has it, staying in
   * the current run's font while it can (spaces and punctuation do not split runs). A
   * character no font has is drawn in the first font (its "missing glyph" box) rather than
   * failing the certificate.
   */
  async runs(text: string, order: CertificateFontName[] = fontOrder(text, this.language)): Promise<Run[]> {
    const runs: Run[] = [];
    let current: Embedded | undefined;
    for (const char of text.normalize("NFC")) {
      const chosen = await this.fontFor(char.codePointAt(0) ?? 0, order, current);
      const last = runs.at(-1);
      if (last && last.font === chosen.font) last.text += char;
      else runs.push({ text: char, font: chosen.font });
      current = chosen;
    }
    return runs;
  }

  private async fontFor(code: number, order: CertificateFontName[], current: Embedded | undefined): Promise<Embedded> {
    if (current?.glyphs.has(code)) return current;
    for (const name of order) {
      const candidate = await this.embed(name);
      if (candidate.glyphs.has(code)) return candidate;
    }
    return current ?? this.embed(order[0]);
  }
}

export const widthOf = (runs: Run[], size: number) => runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);

/**
 * Lays `text` out in at most `maxLines` lines of at most `maxWidth`: on one line at `size` if
 * it fits, else on one line at a smaller size down to `minSize`, else wrapped (between words,
 * or between any two characters in text without spaces, as CJK is written) at the largest
 * of those sizes that needs no more than `maxLines` lines, else at `minSize` with the last
 * line ending in "…". Long names and quiz names stay on the page instead of running off it.
 */
export async function layoutText(chain: FontChain, text: string, options: { size: number; minSize: number; maxWidth: number; maxLines: number }): Promise<Line[]> {
  const { maxWidth, maxLines, minSize, size } = options;
  const clean = text.replace(/\s+/g, " ").trim();
  // One order for the whole text, so that each line of a wrapped name is in the same font.
  const order = fontOrder(clean, chain.language);
  const runsOf = (part: string) => chain.runs(part, order);
  const whole = await runsOf(clean);
  const natural = widthOf(whole, size);
  if (natural <= maxWidth) return [{ runs: whole, width: natural, size }];
  const shrunk = Math.max(minSize, (size * maxWidth) / natural);
  if (widthOf(whole, shrunk) <= maxWidth) return [{ runs: whole, width: widthOf(whole, shrunk), size: shrunk }];

  const sizes = [0, 1, 2, 3, 4].map((step) => size - ((size - minSize) * step) / 4);
  for (const candidate of sizes) {
    const lines = await wrap(runsOf, clean, candidate, maxWidth);
    if (lines.length <= maxLines || candidate === minSize) {
      const kept = lines.slice(0, maxLines);
      if (lines.length > maxLines) kept[maxLines - 1] = await ellipsize(runsOf, lines.slice(maxLines - 1).join(clean.includes(" ") ? " " : ""), candidate, maxWidth);
      return Promise.all(
        kept.map(async (line) => {
          const runs = await runsOf(line);
          return { runs, width: widthOf(runs, candidate), size: candidate };
        }),
      );
    }
  }
  return [];
}

/** Greedy lines of at most `maxWidth` at `size`: between words when every word fits a line by itself, otherwise between characters. */
async function wrap(runsOf: (text: string) => Promise<Run[]>, text: string, size: number, maxWidth: number): Promise<string[]> {
  const fits = async (piece: string) => widthOf(await runsOf(piece.trimEnd()), size) <= maxWidth;
  const words = text.split(/(?<= )/);
  const byWord = words.length > 1 && (await Promise.all(words.map(fits))).every(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const piece of byWord ? words : [...text]) {
    if (line && !(await fits(line + piece))) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else line += piece;
  }
  if (line) lines.push(line.trimEnd());
  return lines;
}

/** The longest start of `text` that fits `maxWidth` with "…" after it. */
async function ellipsize(runsOf: (text: string) => Promise<Run[]>, text: string, size: number, maxWidth: number): Promise<string> {
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (widthOf(await runsOf(`${chars.slice(0, mid).join("").trimEnd()}…`), size) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join("").trimEnd()}…`;
}
