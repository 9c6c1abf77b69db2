/**
 * A file name safe to put in a blob key and a URL: the last path part only (browsers may
 * send `C:\fakepath\x.png`), accents folded, anything outside [A-Za-z0-9_-] in the stem
 * replaced, no leading dots (hidden files, `..`), at most 80 characters, the extension kept
 * (lower-cased) so the CSV import and downloads still see `.csv`, `.png`.
 */
const MAX_NAME_LENGTH = 80;

const clean = (part: string, allowed: RegExp) =>
  part
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(allowed, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "");

export function sanitiseFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const rawExtension = dot > 0 ? base.slice(dot + 1) : "";
  const extension = /^[A-Za-z0-9]{1,10}$/.test(rawExtension) ? `.${rawExtension.toLowerCase()}` : "";
  const stem = clean(extension ? base.slice(0, dot) : base, /[^A-Za-z0-9_.-]+/g).replace(/\.{2,}/g, ".") || "file";
  return stem.slice(0, MAX_NAME_LENGTH - extension.length).replace(/[.-]+$/, "") + extension;
}
