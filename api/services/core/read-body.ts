/*
 * Reading a request body within a limit, web streams only (Node, Deno and Workers alike): the
 * API's and the pages' body limits (api/middleware/body-limit.ts) and a page action with a
 * tighter limit of its own (app/utils/form-within.server.ts) read through it.
 */

export const REQUEST_TOO_LARGE = "The request is too large";

/**
 * Reads a body into memory only while it stays within `maxBytes`: at the first chunk past
 * the limit the stream is cancelled and null returned, so at most `maxBytes` plus the one
 * chunk in hand is ever held, whatever the sender declared or keeps sending (chunked bodies
 * declare nothing). Web streams only: the same on Node and Workers.
 */
export async function readBodyWithin(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop pulling; the runtime discards (Node: drains a little, then closes) the rest.
      void reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

