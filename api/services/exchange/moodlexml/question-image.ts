import type { ImportedFile } from "../../core/heavy-jobs";
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_LABEL } from "../../files/rules";
import { importFileRef } from "../../imports/import-files";
import type { MoodleProblem } from "./moodle-problem";
import { attribute, child, children, ownText, value, type XmlNode } from "./xml-node";

const PLUGINFILE = "@@PLUGINFILE@@/";
const CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", jfif: "image/jpeg", gif: "image/gif", svg: "image/svg+xml" };

/**
 * The one image a question keeps (`questionImage`), from the `src` of the image its text
 * shows: Moodle writes the file beside the text, base64 (`<file name="x.png" path="/"
 * encoding="base64">`), and `@@PLUGINFILE@@/x.png` (URL-encoded) where the text shows it;
 * files of 1.x exports are `<image>` + `<image_base64>` instead. The bytes are decoded here
 * and checked when stored (imports/import-files.ts: the upload's rules), but a file whose
 * base64 is already longer than an upload may be is refused before it is decoded.
 */
export function questionImage(question: XmlNode, src: string): { file: ImportedFile } | MoodleProblem {
  const name = src.startsWith(PLUGINFILE) ? safeDecode(src.slice(PLUGINFILE.length)) : src;
  const wanted = name.split("/").pop() ?? name;
  const carried = children(child(question, "questiontext"), "file").find((file) => attribute(file, "name") === wanted);
  const base64 = carried ? ownText(carried) : value(question, "image") === wanted || value(question, "image") === name ? (value(question, "image_base64") ?? "") : undefined;
  // An image the file does not carry (an address elsewhere, a file left out of the export) cannot be stored.
  if (!src.startsWith(PLUGINFILE) && !carried) return { problem: { code: "importFileMissing", values: { name: src.slice(0, 200) } } };
  if (base64 === undefined) return { problem: { code: "importFileMissing", values: { name: wanted.slice(0, 200) } } };
  const compact = base64.replace(/\s+/g, "");
  if (Math.floor((compact.length * 3) / 4) > MAX_UPLOAD_BYTES) return { problem: { code: "importFileTooLarge", values: { name: wanted, max: MAX_UPLOAD_LABEL } } };
  const bytes = decodeBase64(compact);
  if (!bytes) return { problem: { code: "importFileNotImage", values: { name: wanted } } };
  const extension = wanted.split(".").pop()?.toLowerCase() ?? "";
  return { file: { ref: importFileRef(0), name: wanted, contentType: CONTENT_TYPES[extension] ?? "application/octet-stream", bytes } };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Base64 as bytes (web-standard `atob`: runs on Node, Deno and Workers); null when it is not base64. */
function decodeBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
