import { Invalid } from "../core/errors";
import type { UploadFolder } from "./rules";

/**
 * Uploads are judged by their bytes, not their name (decisions: "checked by content"): a
 * renamed executable or an HTML page posing as `photo.png` must never be stored and later
 * served from our origin. The stored content type comes from this check, never from the
 * browser's claim.
 */
export interface CheckedContent {
  contentType: string;
}

const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "jfif"]; // spec: jpg, jpeg, png, jfif
const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

export function checkUploadContent(folder: UploadFolder, fileName: string, bytes: Uint8Array): CheckedContent {
  if (bytes.length === 0) throw new Invalid("The file is empty", { file: "The file is empty" });
  return folder === "question-images" ? checkImage(fileName, bytes) : checkCsv(fileName, bytes);
}

function checkImage(fileName: string, bytes: Uint8Array): CheckedContent {
  if (!IMAGE_EXTENSIONS.includes(extensionOf(fileName))) {
    const message = "Only jpg, jpeg, png and jfif images are allowed";
    throw new Invalid(message, { file: message });
  }
  // JFIF is JPEG with an APP0 marker, so one JPEG signature covers jpg, jpeg and jfif.
  if (startsWith(bytes, JPEG_MAGIC)) return { contentType: "image/jpeg" };
  if (startsWith(bytes, PNG_MAGIC)) return { contentType: "image/png" };
  const message = "The file is not a valid JPEG or PNG image";
  throw new Invalid(message, { file: message });
}

/** Question imports: CSV, Moodle GIFT text (`.gift`, or `.txt` as Moodle often exports it), and Moodle XML (`.xml`, text rules too: ADR 0083). */
const IMPORT_TYPES: Record<string, string> = { csv: "text/csv; charset=utf-8", gift: "text/plain; charset=utf-8", txt: "text/plain; charset=utf-8", xml: "application/xml; charset=utf-8" };

/** An IMS QTI content package (issue 28): a ZIP, judged by its local file header (the import reads the rest under its caps, ADR 0084). */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function checkCsv(fileName: string, bytes: Uint8Array): CheckedContent {
  if (extensionOf(fileName) === "zip") {
    // Binary: no NUL or UTF-8 rule, but it must start as a ZIP does.
    if (startsWith(bytes, ZIP_MAGIC)) return { contentType: "application/zip" };
    const message = "The file is not a ZIP package";
    throw new Invalid(message, { file: message });
  }
  const contentType = IMPORT_TYPES[extensionOf(fileName)];
  if (!contentType) {
    const message = "Only csv files (or gift/txt for a GIFT import, xml for a Moodle XML import, zip for an IMS QTI package) are allowed";
    throw new Invalid(message, { file: message });
  }
  // Text files have no NUL bytes; binaries (images, zip, xlsx renamed to .csv) nearly always do.
  const notText = "The file is not a CSV text file (UTF-8)";
  if (bytes.includes(0)) throw new Invalid(notText, { file: notText });
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new Invalid(notText, { file: notText });
  }
  return { contentType };
}
