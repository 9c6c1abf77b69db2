/**
 * A file name safe to put in a blob key and a URL: the last path part only (browsers may
 * send `C:\fakepath\x.png`), accents folded, anything outside [A-Za-z0-9._-] replaced,
 * no leading dots (hidden files, `..`), at most 80 characters with the extension kept.
 */
const MAX_NAME_LENGTH = 80;

export function sanitiseFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? "";
  const ascii = base.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
  let name = ascii
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/^[.-]+/, "")
    .replace(/[.-]+$/, "");
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot).toLowerCase() : "";
  const stem = dot > 0 ? name.slice(0, dot) : name;
  name = stem.slice(0, MAX_NAME_LENGTH - extension.length) + extension;
  return stem ? name : `file${extension}`;
}
