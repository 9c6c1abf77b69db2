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
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from "node:zlib";
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

function compressWhole(body: Uint8Array, coding: ContentCoding): Promise<Uint8Array> {
  return coding === "br"
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipAsync(body);
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
      !res.body ||
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
      const body = new Uint8Array(await res.arrayBuffer());
      if (body.byteLength < COMPRESS_THRESHOLD) {
        c.res = new Response(body, res);
        varyOnAcceptEncoding(c.res.headers);
        return;
      }
      const compressed = await compressWhole(body, coding);
      c.res = new Response(compressed as Uint8Array<ArrayBuffer>, res);
      c.res.headers.set("Content-Length", String(compressed.byteLength));
    } else {
      c.res = new Response(compressStream(res.body, coding), res);
      c.res.headers.delete("Content-Length");
    }
    c.res.headers.set("Content-Encoding", coding);
    varyOnAcceptEncoding(c.res.headers);
    const etag = c.res.headers.get("ETag");
    // The compressed body is not byte-for-byte the one the strong tag named.
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
