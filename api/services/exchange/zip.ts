import { Unzip, UnzipInflate, unzipSync } from "fflate";
import { AppError, Invalid } from "../core/errors";
import { say } from "../message-codes";
import { ZIP_LIMIT_LABELS, ZIP_LIMITS } from "./limits";

/** A package's files by their path inside it (folders left out). */
export type ZipFiles = Map<string, Uint8Array>;

type PackageCode = "ZIP_NOT_A_ZIP" | "ZIP_UNREADABLE" | "ZIP_TOO_MANY_ENTRIES" | "ZIP_TOO_LARGE" | "ZIP_ENTRY_TOO_LARGE" | "ZIP_UNSAFE_PATH";

/** A whole package refused, on the import's file field (as a CSV's header is). */
export const refusePackage = (code: Parameters<typeof say>[0], params?: Record<string, string | number>) => {
  const said = say(code, params);
  return new Invalid(said, { location: said });
};
const refuse = (code: PackageCode, params?: Record<string, string | number>) => refusePackage(code, params);

const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1,032×, so one step makes at most ~16 MB before its bytes are counted. */
const STEP = 16 * 1024;

/**
 * The files of a ZIP package, read with fflate under the caps of limits.ts (ADR 0084):
 * first the central directory alone (how many entries, their paths, the sizes they declare),
 * refused before one byte is inflated; then each entry inflated in small steps that count the
 * bytes really produced, stopping the moment a cap is passed, since a header may lie. A path
 * that could leave the package (`..`, absolute, a drive letter, a backslash) refuses the whole
 * package: nothing of it is read.
 */
export function readZip(bytes: Uint8Array): ZipFiles {
  if (!LOCAL_HEADER.every((byte, i) => bytes[i] === byte)) throw refuse("ZIP_NOT_A_ZIP");
  try {
    checkDirectory(bytes);
    return inflateEntries(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // fflate's own failures (a damaged archive, an unknown compression): never a 500.
    throw refuse("ZIP_UNREADABLE");
  }
}

/** The central directory's promises, before any inflation. */
function checkDirectory(bytes: Uint8Array) {
  let entries = 0;
  let declared = 0;
  unzipSync(bytes, {
    filter: (entry) => {
      entries += 1;
      if (entries > ZIP_LIMITS.maxEntries) throw refuse("ZIP_TOO_MANY_ENTRIES", { max: ZIP_LIMITS.maxEntries });
      safePath(entry.name);
      if (entry.originalSize > ZIP_LIMITS.maxEntryBytes) throw refuse("ZIP_ENTRY_TOO_LARGE", { name: entry.name, max: ZIP_LIMIT_LABELS.maxEntryBytes });
      declared += entry.originalSize;
      if (declared > ZIP_LIMITS.maxTotalBytes) throw refuse("ZIP_TOO_LARGE", { max: ZIP_LIMIT_LABELS.maxTotalBytes });
      if (entry.compression !== 0 && entry.compression !== 8) throw refuse("ZIP_UNREADABLE");
      return false; // nothing inflated here
    },
  });
}

/** Every entry inflated from its local header, its real bytes counted as they come. */
function inflateEntries(bytes: Uint8Array): ZipFiles {
  const files: ZipFiles = new Map();
  let entries = 0;
  let total = 0;
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > ZIP_LIMITS.maxEntries) throw refuse("ZIP_TOO_MANY_ENTRIES", { max: ZIP_LIMITS.maxEntries });
    const name = safePath(file.name);
    if (files.has(name)) throw refuse("ZIP_UNREADABLE");
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      // fflate hands a refusal thrown below back here as the entry's error: keep it as it was said.
      if (error) throw error instanceof AppError ? error : refuse("ZIP_UNREADABLE");
      size += chunk.length;
      total += chunk.length;
      if (size > ZIP_LIMITS.maxEntryBytes) throw refuse("ZIP_ENTRY_TOO_LARGE", { name, max: ZIP_LIMIT_LABELS.maxEntryBytes });
      if (total > ZIP_LIMITS.maxTotalBytes) throw refuse("ZIP_TOO_LARGE", { max: ZIP_LIMIT_LABELS.maxTotalBytes });
      chunks.push(chunk);
      if (final && !name.endsWith("/")) files.set(name, joined(chunks, size));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length; at += STEP) unzip.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
  return files;
}

/** The path as given when it stays inside the package; else the package is refused. */
export function safePath(name: string): string {
  const climbs =
    name === "" ||
    name.includes("\\") ||
    name.includes("\0") ||
    name.startsWith("/") ||
    /^[a-zA-Z]:/.test(name) ||
    name.split("/").some((part) => part === "..");
  if (climbs) throw refuse("ZIP_UNSAFE_PATH", { name: name.slice(0, 200) });
  return name;
}

/**
 * One entry's bytes in an array of their own: a stored (uncompressed) entry arrives as a view
 * into the whole package, and a view sent back from the parse thread would carry the whole
 * package's buffer with it, once per image.
 */
function joined(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0].byteLength === chunks[0].buffer.byteLength) return chunks[0];
  const whole = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.length;
  }
  return whole;
}
