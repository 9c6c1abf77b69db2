/**
 * The one rule for blob keys, shared by every store. Keys end up as file paths (disk store)
 * and URL paths (S3, signed read URLs), so only a conservative character set is allowed:
 * that rules out path traversal (`..`), absolute paths, backslashes (Windows separators),
 * NUL and control characters, and percent-encoding tricks, in one place.
 */
const SEGMENT = /^[A-Za-z0-9._-]+$/;
const MAX_KEY_LENGTH = 512;

export function isSafeBlobKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split("/").every((segment) => SEGMENT.test(segment) && segment !== "." && segment !== "..");
}

/** Throws unless `key` is safe; stores call this before touching storage. */
export function assertSafeBlobKey(key: string): void {
  if (!isSafeBlobKey(key)) throw new Error(`Unsafe blob key: ${JSON.stringify(key)}`);
}
