/**
 * TODO(issue 28): "moodlexml" writes the shared copy of this file; the coordinator folds this
 * one into it. XML is always parsed with fast-xml-parser's entity processing off (a bomb or an
 * external entity is never expanded): only the five predefined entities and numeric character
 * references are decoded, here, by hand.
 */
const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g, (whole, name: string) => {
    if (!name.startsWith("#")) return PREDEFINED[name];
    const point = name[1] === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    // A reference to no character (a surrogate, past U+10FFFF, NUL) stays as written.
    return point > 0 && point <= 0x10ffff && (point < 0xd800 || point > 0xdfff) ? String.fromCodePoint(point) : whole;
  });
}

/** A DOCTYPE with an internal subset, or any ENTITY declaration: the file is refused as a whole. */
export function declaresEntities(xml: string): boolean {
  return /<!ENTITY/i.test(xml) || /<!DOCTYPE[^>[]*\[/i.test(xml);
}
