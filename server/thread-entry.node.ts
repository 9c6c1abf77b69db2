/**
 * Where a worker thread's code comes from: its TypeScript file loaded through tsx (tests,
 * development, and any thread without a bundle), or its bundle in build/threads/ made by
 * `npm run build` (vite.threads.config.ts) when the production server asks for it. Through
 * tsx, the thread's first job waited for its whole module graph to be transpiled: the first
 * import file after a start took 11 s on a busy machine. Tests never take the bundle, so they
 * always run the source they test, never a build left over from an earlier commit.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface ThreadEntry {
  file: URL;
  execArgv: string[];
}

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export function threadEntry(source: URL, bundle?: { name: string; use: boolean }): ThreadEntry {
  if (bundle?.use) {
    const built = new URL(`../build/threads/${bundle.name}.js`, import.meta.url);
    if (existsSync(fileURLToPath(built))) return { file: built, execArgv: [] };
  }
  return { file: source, execArgv: ["--import", tsxLoader] };
}
