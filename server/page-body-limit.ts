import { BODY_MEMORY_RETRY_SECONDS, limitBody, REQUEST_TOO_LARGE } from "../api/middleware/body-limit";
import { DATABASE_BUSY } from "../api/services/core/errors";

/**
 * The largest body a page (React Router action) accepts. The largest real form is the
 * question editor: an explanation of up to 25,000 characters before sanitising, a question
 * of 2,000, five options of 500 and six tags, form-urlencoded. In the worst case (CJK text:
 * 3 UTF-8 bytes a character, each written %XX) that is about 0.95 MB; the quiz wizard with 100
 * selected questions is a few KB. 2 MiB leaves room for both with margin
 * (server/page-body-limit.test.ts measures the editor's). Files never come through pages:
 * they go to POST /api/files/upload, which has its own limit (docs/decisions/0032).
 */
export const MAX_PAGE_BODY_BYTES = 2 * 1024 * 1024;

/**
 * Every page request's body is limited before React Router reads it (`request.formData()`
 * would otherwise buffer whatever arrives: two 400 MB posts to the sign-in page took the
 * server to 12 GB). Over the limit: 413, plain text, as nobody filling in a real form meets it.
 */
export const limitPageBody = limitBody(MAX_PAGE_BODY_BYTES, () => tooLarge(), { busy: () => busy() });

/**
 * No `Connection: close`: closing a socket with the body still arriving makes the kernel
 * reset it, and the client then often loses the 413 it was sent. Node's adapter instead reads
 * and discards up to 64 MB more (so a client can read the answer), then closes the connection:
 * bounded, and nothing of it is kept (docs/performance.md measures an attacker at it).
 */
const tooLarge = () => new Response(REQUEST_TOO_LARGE, { status: 413, headers: { "content-type": "text/plain; charset=utf-8" } });

/** The process holds as many request bodies as it may (api/middleware/body-limit.ts): try again shortly. */
const busy = () =>
  new Response(DATABASE_BUSY, { status: 503, headers: { "content-type": "text/plain; charset=utf-8", "Retry-After": String(BODY_MEMORY_RETRY_SECONDS) } });
