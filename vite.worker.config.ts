import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { CERTIFICATE_FONTS, fontAssetPath } from "./api/services/core/fonts.ts";
import { clientBundle } from "./client-bundle.config.ts";

// The Cloudflare Workers build (`npm run build:worker`, `npm run dev:worker`): the same React
// Router app, with server/worker.ts (wrangler.toml `main`) as the server entry, built for
// workerd by the Cloudflare plugin into the "ssr" environment.
// Read by react-router.config.ts, which the Node build shares.
process.env.REACT_ROUTER_BUILD_DIRECTORY ??= "build-worker";

export default defineConfig({
  plugins: [
    reactRouter(),
    clientBundle(),
    immutableAssetHeaders(),
    certificateFonts(),
    cloudflare({ viteEnvironment: { name: "ssr" }, configPath: "wrangler.toml" }),
  ],
  resolve: {
    tsconfigPaths: true,
    // The PDF libraries' package exports give their Node builds (which import fs, module)
    // to this build too, under the "node" condition; the Worker takes their browser builds,
    // the same code without file or thread access.
    alias: [
      { find: /^@cantoo\/fontkit$/, replacement: fileURLToPath(new URL("./node_modules/@cantoo/fontkit/dist/browser-module.mjs", import.meta.url)) },
      { find: /^fflate$/, replacement: "fflate/browser" },
    ],
  },
  // Workers static assets ignore Vite's `base`; with basename /quiz the files must sit under
  // quiz/assets in the assets directory, as in the Node build.
  build: { assetsDir: "quiz/assets" },
  environments: {
    // Honour package.json `browser` maps in the Worker too: the AWS SDK (lazily loaded for
    // the S3 fallback) swaps its Node runtime config (node:http, node:fs credential chain)
    // for the fetch-based one only through that field, not through export conditions.
    // Minified: a Worker's script size and start-up parse time count; stack traces stay
    // readable through the source maps uploaded with it (wrangler.toml upload_source_maps).
    ssr: { resolve: { mainFields: ["browser", "module", "jsnext:main", "jsnext"] }, build: { minify: true } },
  },
});

/**
 * Workers static assets answer with `max-age=0, must-revalidate` unless told otherwise. The
 * files under /quiz/assets have content hashes in their names, so they may be cached for
 * good; a `_headers` file in the client build says so (Node serves them itself).
 * It also gives the files served straight from the asset store (without the Worker) the
 * security headers every Worker answer has (server/security-headers.ts). Browsers ignore
 * HSTS received over plain http, so that line is harmless on local runs.
 */
function immutableAssetHeaders(): Plugin {
  return {
    name: "quiz:worker-asset-headers",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "_headers",
        source: [
          "/*",
          "  X-Content-Type-Options: nosniff",
          "  Referrer-Policy: strict-origin-when-cross-origin",
          "  X-Frame-Options: DENY",
          "  Strict-Transport-Security: max-age=31536000",
          "/quiz/assets/*",
          "  Cache-Control: public, max-age=31536000, immutable",
          "",
        ].join("\n"),
      });
    },
  };
}

/**
 * The certificate fonts (api/services/core/fonts.ts), copied from their npm packages
 * into the client build at /quiz/fonts/: the Worker reads them through its ASSETS binding
 * (api/adapters/fonts-assets.ts), as they are far too big for the Worker bundle.
 */
function certificateFonts(): Plugin {
  const require = createRequire(import.meta.url);
  return {
    name: "quiz:certificate-fonts",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      for (const [name, font] of Object.entries(CERTIFICATE_FONTS)) {
        this.emitFile({
          type: "asset",
          fileName: fontAssetPath(name as keyof typeof CERTIFICATE_FONTS).slice(1),
          source: readFileSync(require.resolve(font.packagePath)),
        });
      }
    },
  };
}
