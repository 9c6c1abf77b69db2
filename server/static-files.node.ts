/**
 * The client build's files as `npm start` serves them (issue 19 point 3): each script and
 * style in the coding the browser accepts, compressed at build time (precompress.config.ts
 * writes `.br` and `.gz` next to each file), with `Vary: Accept-Encoding`, an ETag per
 * coding, and a year-long immutable cache for the files whose names carry their content's
 * hash. Files are read once and kept in memory: the build is a few megabytes, and a class
 * opening the exam together asks for the same forty files thousands of times.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { chooseContentCoding, type ContentCoding } from "./accept-encoding";

/** Vite's file names end in an 8-character content hash: `Button-BJ5g2h32.js`. */
const HASHED_NAME = /-[\w-]{8}\.[a-z0-9]+$/i;
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** A file whose name stays the same across builds (the favicon): kept a little, then revalidated by its ETag. */
export const SHORT_CACHE = "public, max-age=3600";

interface Variant {
  body: Uint8Array;
  etag: string;
}
interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  coded: Partial<Record<ContentCoding, Variant>>;
}

const SUFFIX: Record<ContentCoding, string> = { br: ".br", gzip: ".gz" };

function readIfFile(file: string): Uint8Array | null {
  try {
    return statSync(file).isFile() ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

function loadFile(file: string): StaticFile | null {
  const body = readIfFile(file);
  if (!body) return null;
  // One tag for the content, suffixed per coding: the variants are different bodies (RFC 9110 §8.8.3).
  const tag = createHash("sha256").update(body).digest("base64url").slice(0, 22);
  const coded: StaticFile["coded"] = {};
  for (const coding of ["br", "gzip"] as const) {
    const codedBody = readIfFile(file + SUFFIX[coding]);
    if (codedBody) coded[coding] = { body: codedBody, etag: `"${tag}-${coding}"` };
  }
  return {
    type: getMimeType(file) ?? "application/octet-stream",
    cacheControl: HASHED_NAME.test(path.basename(file)) ? IMMUTABLE : SHORT_CACHE,
    identity: { body, etag: `"${tag}"` },
    coded,
  };
}

/** True when If-None-Match names this ETag (weak comparison, as for GET). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/**
 * Serves the files under `root` for GET and HEAD: the request path, below `root`, names the
 * file (`/quiz/assets/x.js` → `root/quiz/assets/x.js`); anything else goes on to the app.
 */
export function serveBuiltFiles(root: string): MiddlewareHandler {
  const files = new Map<string, StaticFile>();
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const requested = c.req.path;
    // Built file names are plain: no encoded characters, dot segments or backslashes.
    if (/%|\\|(?:^|\/)\.\.?(?:\/|$)|\/\/|\.(?:br|gz)$/.test(requested)) return next();
    let file = files.get(requested);
    if (!file) {
      const loaded = loadFile(path.join(root, requested));
      if (!loaded) return next();
      files.set(requested, loaded);
      file = loaded;
    }
    const codings = Object.keys(file.coded) as ContentCoding[];
    const coding = codings.length ? chooseContentCoding(c.req.header("Accept-Encoding"), codings) : null;
    const variant = coding ? file.coded[coding]! : file.identity;
    const headers = new Headers({ "Content-Type": file.type, "Cache-Control": file.cacheControl, ETag: variant.etag });
    // Caches must keep the variants apart even when this client got the plain file.
    if (codings.length) headers.set("Vary", "Accept-Encoding");
    if (coding) headers.set("Content-Encoding", coding);
    if (notModified(c.req.header("If-None-Match"), variant.etag)) return c.body(null, { status: 304, headers });
    headers.set("Content-Length", String(variant.body.byteLength));
    if (c.req.method === "HEAD") return c.body(null, { status: 200, headers });
    return c.body(variant.body as Uint8Array<ArrayBuffer>, { status: 200, headers });
  };
}
