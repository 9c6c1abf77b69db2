/** A run of a gap text between two gaps: as typed, and as rendered HTML when it holds a formula. */
export interface ClozeRun {
  text: string;
  html?: string;
}

/** A gap text cut at its gaps: runs of text and each gap's number (`{1}`, `{2}`… as the author wrote them, cloze.ts). */
export type ClozePart = ClozeRun | number;

const GAP = /\{(\d{1,4})\}/;

/** Cuts at every `{n}`: strings at even places, gap numbers at odd ones. */
const cut = (text: string) => text.split(GAP);

/**
 * The rendered HTML cut at the gaps that stand in its text, never inside a formula (a gap
 * inside `\( … \)` is only TeX there: its annotation keeps `{1}`). Each formula stays whole.
 */
function cutHtml(html: string): string[] {
  const pieces = [""];
  let from = 0;
  while (from < html.length) {
    const start = html.indexOf("<math", from);
    const plainEnd = start < 0 ? html.length : start;
    cut(html.slice(from, plainEnd)).forEach((piece, index) => {
      if (index % 2 === 1) pieces.push(piece, "");
      else pieces[pieces.length - 1] += piece;
    });
    if (start < 0) break;
    const end = html.indexOf("</math>", start);
    const stop = end < 0 ? html.length : end + "</math>".length;
    pieces[pieces.length - 1] += html.slice(start, stop);
    from = stop;
  }
  return pieces;
}

/**
 * The question's text cut at its gaps, each run with its formulas when the text has some
 * (`questionTextHtml`, ADR 0066). When the HTML does not have the same gaps in the same order
 * (an author put a gap inside a formula), the runs are the typed text: every gap still shows.
 */
export function clozeParts(text: string, html?: string | null): ClozePart[] {
  const typed = cut(text);
  const rendered = html ? cutHtml(html) : null;
  const same = rendered !== null && rendered.length === typed.length && rendered.every((piece, index) => index % 2 === 0 || piece === typed[index]);
  return typed.map((piece, index) => {
    if (index % 2 === 1) return Number(piece);
    const runHtml = same ? rendered[index] : undefined;
    return runHtml?.includes("<math") ? { text: piece, html: runHtml } : { text: piece };
  });
}
