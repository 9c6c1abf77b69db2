import { encode } from "uqr";

/** A dark rectangle of the QR code, in modules (row 0 at the top). */
export interface QrRect {
  x: number;
  y: number;
  width: number;
}

/**
 * The QR code of `text` (error correction M: still reads with a crease or a stain) as
 * horizontal runs of dark modules, one rectangle per run rather than one per module, so the
 * PDF stays small. No quiet zone: the caller leaves white space around it.
 */
export function qrRects(text: string): { size: number; rects: QrRect[] } {
  const { size, data } = encode(text, { ecc: "M", border: 0 });
  const rects: QrRect[] = [];
  data.forEach((row, y) => {
    let start = -1;
    row.forEach((dark, x) => {
      if (dark && start < 0) start = x;
      if ((!dark || x === row.length - 1) && start >= 0) {
        rects.push({ x: start, y, width: (dark ? x + 1 : x) - start });
        start = -1;
      }
    });
  });
  return { size, rects };
}
