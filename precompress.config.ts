import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Issue 19 point 3: `npm start` sends the client build's scripts and styles compressed
 * (server/static-files.node.ts picks `.br`, `.gz` or the file itself by Accept-Encoding).
 * They are compressed here, once, at build time, at the strongest settings (Brotli 11,
 * gzip 9), which no server could afford per request. Only the Node build: Cloudflare
 * compresses what Workers serve itself.
 */
export function precompressAssets(): Plugin {
  let outDir = "";
  return {
    name: "quiz:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    configResolved(config) {
      outDir = path.resolve(config.root, config.environments.client?.build.outDir ?? config.build.outDir);
    },
    async closeBundle() {
      const written = await precompressDirectory(outDir);
      this.environment.logger.info(`precompressed ${written} client files (.br, .gz)`);
    },
  };
}

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
export const PRECOMPRESSED_EXTENSIONS = /\.(?:js|mjs|css|svg|json|html|txt|map|webmanifest|xml)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `file.br` and `file.gz` next to each compressible file under `dir`, each only when
 * smaller than the file (a tiny file can grow). Returns how many files got at least one.
 * The work runs on libuv's thread pool, so a build's two cores both compress.
 */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && PRECOMPRESSED_EXTENSIONS.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const results = await Promise.all(files.map((file) => precompressFile(file)));
  return results.filter(Boolean).length;
}

async function precompressFile(file: string): Promise<boolean> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let wrote = false;
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    wrote = true;
  }
  if (gz.length < source.length) {
    await writeFile(`${file}.gz`, gz);
    wrote = true;
  }
  return wrote;
}
