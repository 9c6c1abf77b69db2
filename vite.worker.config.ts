import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

// The Cloudflare Workers build (`npm run build:worker`, `npm run dev:worker`): the same React
// Router app, with server/worker.ts (wrangler.toml `main`) as the server entry, built for
// workerd by the Cloudflare plugin into the "ssr" environment.
const BUILD_DIRECTORY = "build-worker";

export default defineConfig({
  plugins: [
    reactRouter(),
    workerBuildDirectory(BUILD_DIRECTORY),
    immutableAssetHeaders(),
    cloudflare({ viteEnvironment: { name: "ssr" }, configPath: "wrangler.toml" }),
  ],
  resolve: { tsconfigPaths: true },
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
 * Moves React Router's build directory from `build/` (react-router.config.ts, the Node build)
 * to `build-worker/`, so the two builds never overwrite each other: React Router empties its
 * build directory before building, and `npm start` serves `build/`.
 *
 * Why this way: React Router takes `buildDirectory` only from react-router.config.ts, which
 * the Node build shares. Its Vite plugin exposes the resolved config to later plugins as
 * `__reactRouterPluginContext` (resolved once per `vite build`); this plugin, placed after
 * it, points that at the new directory and sets the environments' `outDir`s to match, which
 * the Cloudflare plugin (placed after this one) then picks up. The check below makes a
 * React Router upgrade that changes this internal fail the build instead of silently
 * writing into `build/`. The public alternative is `buildDirectory:
 * process.env.REACT_ROUTER_BUILD_DIRECTORY ?? "build"` in react-router.config.ts.
 */
function workerBuildDirectory(directory: string): Plugin {
  return {
    name: "quiz:worker-build-directory",
    config(config) {
      const context = (config as { __reactRouterPluginContext?: { reactRouterConfig?: { buildDirectory?: string } } })
        .__reactRouterPluginContext;
      if (!context?.reactRouterConfig?.buildDirectory) {
        // React Router's child compiler (it reads route exports) loads this config without
        // the React Router plugin; it writes nothing, so there is nothing to move.
        if (!hasPlugin(config.plugins, "react-router")) return;
        throw new Error("vite.worker.config.ts: React Router's plugin context was not found; cannot move the build directory");
      }
      const root = path.resolve(config.root ?? process.cwd());
      const buildDirectory = path.resolve(root, directory);
      context.reactRouterConfig = { ...context.reactRouterConfig, buildDirectory };
      return {
        environments: {
          client: { build: { outDir: path.join(buildDirectory, "client") } },
          ssr: { build: { outDir: path.join(buildDirectory, "server") } },
        },
      };
    },
  };
}

/**
 * Workers static assets answer with `max-age=0, must-revalidate` unless told otherwise. The
 * files under /quiz/assets have content hashes in their names, so they may be cached for
 * good; a `_headers` file in the client build says so (Node serves them itself).
 */
function immutableAssetHeaders(): Plugin {
  return {
    name: "quiz:worker-asset-headers",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "_headers",
        source: "/quiz/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n",
      });
    },
  };
}

function hasPlugin(plugins: unknown, name: string): boolean {
  if (Array.isArray(plugins)) return plugins.some((plugin) => hasPlugin(plugin, name));
  return typeof plugins === "object" && plugins !== null && (plugins as { name?: unknown }).name === name;
}
