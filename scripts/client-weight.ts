/**
 * The JavaScript a page of the production build makes the browser download before it can
 * run, read from the client build's React Router manifest (build/client/quiz/assets/
 * manifest-*.js): the client entry and its imports, each route module of the page's route
 * chain (root → layouts → the page) and their imports, and the largest language's message
 * chunk (the browser loads one language before hydrating, app/i18n/browser-messages.ts).
 * Sizes are the files gzipped here with zlib's default level. Chunks a page loads later
 * (on a click, say) are not in the manifest: `npm run bench:page` counts those in a browser.
 *
 *   node --import tsx scripts/client-weight.ts [route id ...]   (default: the exam and login pages)
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const EXAM_ROUTE = "routes/student/take-quiz";
export const LOGIN_ROUTE = "routes/auth/login";

interface ManifestEntry {
  module: string;
  imports?: string[];
  parentId?: string;
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

export interface PageWeight {
  route: string;
  files: { file: string; gzip: number }[];
  gzip: number;
}

const defaultClientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../build/client");

function readManifest(clientDir: string): Manifest {
  const assets = path.join(clientDir, "quiz/assets");
  const name = readdirSync(assets).find((file) => /^manifest-[\w-]+\.js$/.test(file));
  if (!name) throw new Error(`no React Router manifest in ${assets}: build first (npm run build)`);
  const source = readFileSync(path.join(assets, name), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** The heaviest language's message chunk (messages-{language}-{hash}.js), as a page in that language loads it. */
function largestMessagesChunk(clientDir: string): string | undefined {
  const assets = path.join(clientDir, "quiz/assets");
  const chunks = readdirSync(assets).filter((file) => /^messages-[a-z]{2}-[\w-]+\.js$/.test(file));
  const sized = chunks.map((file) => ({ file: `/quiz/assets/${file}`, gzip: gzipSync(readFileSync(path.join(assets, file))).length }));
  return sized.sort((a, b) => b.gzip - a.gzip)[0]?.file;
}

/** The text of one of the build's client files (`file` as the manifest names it: /quiz/assets/...). */
export function clientFileText(file: string, clientDir = defaultClientDir): string {
  return readFileSync(path.join(clientDir, file), "utf8");
}

export function pageWeight(route: string, clientDir = defaultClientDir): PageWeight {
  const manifest = readManifest(clientDir);
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = route; id; id = manifest.routes[id]?.parentId) {
    const entry = manifest.routes[id];
    if (!entry) throw new Error(`no route ${id} in the client manifest`);
    files.add(entry.module);
    for (const file of entry.imports ?? []) files.add(file);
  }
  const messages = largestMessagesChunk(clientDir);
  if (messages) files.add(messages);
  const sized = [...files].map((file) => ({ file, gzip: gzipSync(readFileSync(path.join(clientDir, file))).length }));
  sized.sort((a, b) => b.gzip - a.gzip);
  return { route, files: sized, gzip: sized.reduce((total, file) => total + file.gzip, 0) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const routes = process.argv.length > 2 ? process.argv.slice(2) : [EXAM_ROUTE, LOGIN_ROUTE];
  for (const route of routes) {
    const weight = pageWeight(route);
    console.log(`${route}: ${(weight.gzip / 1024).toFixed(1)} KB gzipped in ${weight.files.length} files`);
    for (const file of weight.files) console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(6)} KB  ${file.file}`);
  }
}
