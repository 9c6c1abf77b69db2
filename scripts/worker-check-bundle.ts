/**
 * Fails `npm run build:worker` when the Worker bundle could not run on workerd without
 * `nodejs_compat`: any import that is not another file of the bundle or a `cloudflare:`
 * module (a `node:*` built-in, a bare `fs`, an un-bundled package), or the Node build of the
 * libSQL client (native SQLite) instead of its web build. Also prints the bundle size.
 *
 *   node --import tsx scripts/worker-check-bundle.ts [bundle dir, default build-worker/bundle]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { parseAst } from "vite";

const bundleDir = path.resolve(process.argv[2] ?? "build-worker/bundle");
// The source maps sit next to the built files (the dry-run bundle has none).
const mapsDir = path.resolve(process.argv[3] ?? "build-worker/server");

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => path.join(dir, name))
    .filter((file) => file.endsWith(suffix) && statSync(file).isFile());
}

/** Every module specifier the code imports (static, re-export, or `import()` of a literal). */
function importedSpecifiers(code: string): string[] {
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== "object" || node === null) return;
    const { type, source } = node as { type?: string; source?: { type?: string; value?: unknown } };
    const hasSource = type === "ImportDeclaration" || type === "ExportAllDeclaration" || type === "ExportNamedDeclaration" || type === "ImportExpression";
    if (hasSource && source?.type === "Literal" && typeof source.value === "string") found.push(source.value);
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  visit(parseAst(code));
  return found;
}

const problems: string[] = [];
let raw = 0;
let gzipped = 0;

const scripts = files(bundleDir, ".js");
if (scripts.length === 0) problems.push(`no .js files in ${bundleDir}: run the build first`);
for (const file of scripts) {
  const code = readFileSync(file, "utf8");
  raw += Buffer.byteLength(code);
  gzipped += gzipSync(code).length;
  for (const specifier of importedSpecifiers(code)) {
    if (specifier.startsWith(".") || specifier.startsWith("cloudflare:")) continue;
    problems.push(`${path.relative(bundleDir, file)} imports "${specifier}"`);
  }
}

for (const map of files(mapsDir, ".js.map")) {
  const { sources = [] } = JSON.parse(readFileSync(map, "utf8")) as { sources?: string[] };
  for (const source of sources) {
    if (/@libsql\/client\/lib-esm\/(node|sqlite3)\.js$|node_modules\/libsql\//.test(source)) {
      problems.push(`${path.relative(mapsDir, map)} contains ${source.replace(/^.*node_modules\//, "")} (the Node libSQL client)`);
    }
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
// Cloudflare's limit for a Worker on the free plan is 3 MiB gzipped (10 MiB paid). Stay under
// the smaller one with room to spare; the password dictionaries alone are ~0.8 MiB.
const GZIP_BUDGET = 2.5 * 1024 * 1024;
if (gzipped > GZIP_BUDGET) problems.push(`the bundle is ${kib(gzipped)} gzipped, over the budget of ${kib(GZIP_BUDGET)}`);
if (problems.length > 0) {
  console.error(`Worker bundle check failed (${bundleDir}):\n  ${[...new Set(problems)].join("\n  ")}`);
  process.exit(1);
}
console.log(`Worker bundle OK: ${scripts.length} modules, ${kib(raw)} (${kib(gzipped)} gzipped), no Node built-ins, libSQL web client`);
