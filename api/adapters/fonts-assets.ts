import { CERTIFICATE_FONTS, cachedFontSource, fontAssetPath, type FontSource } from "../services/core/fonts";

/** The Worker's static-assets binding (wrangler.toml [assets] binding = "ASSETS"), as far as it is used here. */
export interface AssetFetcher {
  fetch(request: Request): Promise<Response>;
}

/**
 * Workers: the certificate fonts from the static-asset store, where the Worker build copies
 * them (vite.worker.config.ts), read once per isolate. Through the binding, not over the
 * network: /quiz/fonts/* is not served to browsers (the Worker runs first there and answers
 * 404), so the files cost no public bandwidth.
 */
export function createAssetFontSource(assets: AssetFetcher): FontSource {
  return cachedFontSource(async (font) => {
    // The host is ignored by the binding; only the path names the file.
    const response = await assets.fetch(new Request(new URL(fontAssetPath(font), "https://assets.invalid")));
    if (!response.ok) throw new Error(`The font ${CERTIFICATE_FONTS[font].file} is not in the Worker's static assets (${response.status}): build with npm run build:worker`);
    return new Uint8Array(await response.arrayBuffer());
  });
}
