/**
 * The fonts a certificate is typeset in (docs/decisions/0026-certificates.md). They are too
 * big for the Worker bundle (the Chinese one alone is 10 MB), so they are not imported: the
 * runtime entry hands the services a `FontSource` that reads them where that runtime keeps
 * them (Node: the npm packages on disk; Workers: the static-asset store, where the Worker
 * build copies them). Only the fonts a certificate needs are read, once per process.
 */

/** One font file: its file name in the Worker's assets and where its npm package keeps it. */
export interface CertificateFontFile {
  /** Stable name, also the file name under /quiz/fonts/ in the Worker's static assets. */
  file: string;
  /** Path of the TrueType file inside node_modules (OFL-1.1 fonts from Google Fonts). */
  packagePath: string;
}

export const CERTIFICATE_FONTS = {
  /** Latin (every accent of the six interface languages and far more), Greek, Cyrillic, Vietnamese. */
  latin: { file: "NotoSans-Regular.ttf", packagePath: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf" },
  /** Japanese: kana and the JIS kanji with Japanese glyph shapes. */
  japanese: { file: "NotoSansJP-Regular.ttf", packagePath: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf" },
  /** Simplified Chinese (GB 18030: all unified ideographs, kana too): the fallback for any Han character. */
  chinese: { file: "NotoSansSC-Regular.ttf", packagePath: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf" },
} as const satisfies Record<string, CertificateFontFile>;

export type CertificateFontName = keyof typeof CERTIFICATE_FONTS;

/** Reads one font file's bytes. Provided by the runtime entry (server/node.ts, server/worker.ts). */
export type FontSource = (font: CertificateFontName) => Promise<Uint8Array>;

/** The path under the Worker's static assets (vite.worker.config.ts copies the files there). */
export const fontAssetPath = (font: CertificateFontName) => `/quiz/fonts/${CERTIFICATE_FONTS[font].file}`;

/**
 * Wraps a source so each file is read once per process or isolate and shared by every
 * certificate after it; a failed read is forgotten so the next certificate tries again.
 */
export function cachedFontSource(read: FontSource): FontSource {
  const cache = new Map<CertificateFontName, Promise<Uint8Array>>();
  return (font) => {
    let bytes = cache.get(font);
    if (!bytes) {
      bytes = read(font).catch((error: unknown) => {
        cache.delete(font);
        throw error;
      });
      cache.set(font, bytes);
    }
    return bytes;
  };
}
