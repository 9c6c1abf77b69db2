import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { CERTIFICATE_FONTS, cachedFontSource, type FontSource } from "../services/core/fonts";

/** Node: the certificate fonts straight from their npm packages (node_modules), read once each. */
export function createDiskFontSource(): FontSource {
  const require = createRequire(import.meta.url);
  return cachedFontSource(async (font) => new Uint8Array(await readFile(require.resolve(CERTIFICATE_FONTS[font].packagePath))));
}
