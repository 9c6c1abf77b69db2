/**
 * The caps of the exchange formats (issue 28, "Bad input and security"; docs/decisions/0084-qti-import.md).
 * A package is refused as a whole when it passes any of them: checked on the sizes its
 * headers declare BEFORE anything is inflated, and again on the bytes really inflated (a
 * header can lie), so a ZIP bomb costs at most one cap's worth of memory and work.
 */
export const ZIP_LIMITS = {
  /** Files (and folders) in one package: a content package of an ordinary bank has a few hundred. */
  maxEntries: 2_000,
  /** All files unpacked together. */
  maxTotalBytes: 100 * 1024 * 1024,
  /** One file unpacked (an item's XML, an image). */
  maxEntryBytes: 20 * 1024 * 1024,
} as const;

/** The same caps as people read them, for the refusals' texts. */
export const ZIP_LIMIT_LABELS = { maxTotalBytes: "100 MB", maxEntryBytes: "20 MB" } as const;
