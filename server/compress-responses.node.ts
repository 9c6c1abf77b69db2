/**
 * Pages and API answers compressed for clients that accept it (issue 19 point 3), on Node
 * only: Cloudflare compresses what a Worker answers itself. node:zlib rather than the web's
 * CompressionStream, for two things that one cannot do: Brotli, and a flush after every
 * chunk, so that a streamed page (React's shell first, deferred data after) still arrives
 * piece by piece instead of all at the end.
 */
import { Readable, pipeline } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, constants, createBrotliCompress, createGzip, gzip, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { chooseContentCoding, type ContentCoding, varyOnAcceptEncoding } from "./accept-encoding";
import { carriesSecret, forbidsTransform } from "./secret-answers";

/** Below this, compression saves less than a packet and costs CPU (a saved answer's acknowledgement is ~60 bytes). */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli 4 compresses about as fast as gzip 6 and smaller: the level servers use per request. */
const BROTLI_QUALITY = 4;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON answers are built whole (the API's `c.json`): read them, and leave the small ones alone. */
const WHOLE_BODY = /^\s*application\/(?:[\w.-]+\+)?json\b/i;

/**
 * A JSON answer up to this size (an exam paper of 50 questions is ~17 KB, a result ~25 KB)
 * is compressed at once, at the fastest level (Brotli 1 or gzip 1: about 0.1 ms for 17 KB,
 * 15 % bigger than Brotli 4, still a seventh of the text). Through the thread pool at the
 * per-request level it cost 0.7 ms of an exam start's 3.3 ms of server CPU (issue 25 point
 * 8: every `fetch` client asks for gzip). Bigger ones go to the thread pool as before, so
 * the event loop is never held for long.
 */
export const COMPRESS_AT_ONCE_MAX = 64 * 1024;

function compressWhole(body: Uint8Array, coding: ContentCoding): Promise<Uint8Array> {
  if (body.byteLength <= COMPRESS_AT_ONCE_MAX) {
    return Promise.resolve(coding === "br" ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }) : gzipSync(body, { level: 1 }));
  }
  return coding === "br"
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipAsync(body);
}

/**
 * The body an answer was made with, when @hono/node-server's lightweight Response still
 * holds it (a string or bytes, under its own symbol): reading it back through
 * `arrayBuffer()` built a full web Response and stream first, and the answer left the fast
 * path that writes it straight to the socket, about a fifth of an autosave's server CPU
 * for a `fetch` client (issue 25 point 8). Undefined for any other Response; the caller
 * then reads it the standard way.
 */
function heldBody(res: Response): string | Uint8Array | null | undefined {
  for (const symbol of Object.getOwnPropertySymbols(res)) {
    if (symbol.description !== "cache") continue;
    const held = (res as unknown as Record<symbol, unknown>)[symbol];
    if (Array.isArray(held) && held.length === 3 && (held[1] === null || typeof held[1] === "string" || held[1] instanceof Uint8Array)) return held[1];
  }
  return undefined;
}

/** Whether the answer has a body, asked without `res.body` where the body is held (that getter builds the full web Response). */
function hasBody(res: Response): boolean {
  const held = heldBody(res);
  return held === undefined ? res.body !== null : held !== null;
}

/** The answer's body as bytes, and whether it was read from the lightweight Response (so that Response is still whole). */
async function wholeBodyOf(res: Response): Promise<{ bytes: Uint8Array; untouched: boolean }> {
  const held = heldBody(res);
  if (held === undefined || held === null) return { bytes: new Uint8Array(await res.arrayBuffer()), untouched: false };
  return { bytes: typeof held === "string" ? new TextEncoder().encode(held) : held, untouched: true };
}

function compressStream(body: ReadableStream<Uint8Array>, coding: ContentCoding): ReadableStream<Uint8Array> {
  const compressor =
    coding === "br"
      ? createBrotliCompress({ flush: constants.BROTLI_OPERATION_FLUSH, params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
      : createGzip({ flush: constants.Z_SYNC_FLUSH });
  // A client that goes away cancels the compressed stream; pipeline then cancels the page's.
  pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), compressor, () => {});
  return Readable.toWeb(compressor) as unknown as ReadableStream<Uint8Array>;
}

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type");
    if (
      c.req.method === "HEAD" ||
      !hasBody(res) ||
      [204, 206, 304].includes(res.status) ||
      res.headers.has("Content-Encoding") ||
      !type ||
      // Text, JSON, SVG…; not images, PDFs or archives (compressed already), nor server-sent events.
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      forbidsTransform(res.headers) ||
      // BREACH: tokens, keys, cookies, page actions and the outbox go out as they are (server/secret-answers.ts).
      carriesSecret({ method: c.req.method, path: c.req.path }, res.headers)
    ) {
      return;
    }
    const length = res.headers.get("Content-Length");
    const coding = length !== null && Number(length) < COMPRESS_THRESHOLD ? null : chooseContentCoding(c.req.header("Accept-Encoding"));
    if (!coding) {
      // The answer depends on the header all the same: caches must not hand it to a client that accepts Brotli.
      try {
        varyOnAcceptEncoding(res.headers);
      } catch {
        // A fetched or redirect Response has immutable headers: copy it.
        c.res = new Response(res.body, res);
        varyOnAcceptEncoding(c.res.headers);
      }
      return;
    }
    if (WHOLE_BODY.test(type)) {
      const { bytes: body, untouched } = await wholeBodyOf(res);
      if (body.byteLength < COMPRESS_THRESHOLD) {
        // A held body leaves the answer as it was, on the server's fast path.
        if (!untouched) c.res = new Response(body as Uint8Array<ArrayBuffer>, res);
        varyOnAcceptEncoding(c.res.headers);
        return;
      }
      const compressed = await compressWhole(body, coding);
      // Status and headers by value, not `res` itself: a Response as init would be copied into a
      // full web Response again. Hono's `c.res =` over an answer re-wraps the new one around
      // the old one's `body` (a stream) unless the old one is let go first.
      c.res = undefined;
      c.res = new Response(compressed as Uint8Array<ArrayBuffer>, { status: res.status, headers: res.headers });
      c.res.headers.set("Content-Length", String(compressed.byteLength));
    } else {
      c.res = new Response(compressStream(res.body!, coding), res);
      c.res.headers.delete("Content-Length");
    }
    c.res.headers.set("Content-Encoding", coding);
    varyOnAcceptEncoding(c.res.headers);
    const etag = c.res.headers.get("ETag");
    // The compressed body is not byte-for-byte the one the strong tag named.
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
