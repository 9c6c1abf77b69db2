import type { OptionType } from "../../../../db/schema/questions";
import type { AnswerKey } from "../../questions/stored-answer-key";
import { escapeXml } from "./xml";

/** A question's image as a file of the export (Moodle XML `<file>`, a QTI package entry). */
export interface ExportImage {
  /** ASCII, unique in the export (`q12-photo.png`). */
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

/**
 * One question as the writers take it: what the editor reads (keys included: authors only),
 * texts as their authors wrote them (formulas as TeX source, not the rendered MathML), the
 * explanation as its sanitised HTML, and the question image's bytes. Plain data: the writers
 * are pure functions of it.
 */
export interface ExportQuestion {
  id: number;
  /** Plain text (decisions.md: questionText is plain; a cloze text holds its gaps `{1}`, `{2}`…). */
  questionText: string;
  optionType: OptionType;
  /** The choice types' options in their order; empty for the keyed types. */
  options: { optionText: string; optionStatus: boolean }[];
  /** The keyed types' key (decisions.md "Authoring shapes"); null for the choice types. */
  answerKey: AnswerKey | null;
  defaultMark: number;
  category: string;
  course: string;
  tags: string[];
  /** Sanitised HTML. */
  explanation: string;
  image: ExportImage | null;
}

/** A question a format cannot hold, named in the answer (GIFT has no ordering or cloze). */
export interface NotExported {
  id: number;
  optionType: OptionType;
}

/** A number as decimal text, never in exponent form (GIFT, Moodle and QTI readers do not all take `1e-7`). */
export function decimal(value: number): string {
  const plain = String(value);
  const [mantissa, exponent] = plain.split("e");
  if (exponent === undefined) return plain;
  // The shortest digits JavaScript gives the number, with the point moved by the exponent: exact.
  const sign = mantissa.startsWith("-") ? "-" : "";
  const [whole, fraction = ""] = mantissa.replace("-", "").split(".");
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + "0".repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Plain question text as HTML (Moodle and QTI texts are HTML): escaped, each line break a `<br>`. */
export function plainToHtml(text: string): string {
  return textLines(text).map(escapeXml).join("<br>");
}

/** A plain text's lines (CR LF and CR read as LF). */
export const textLines = (text: string): string[] => text.replace(/\r\n?/g, "\n").split("\n");
