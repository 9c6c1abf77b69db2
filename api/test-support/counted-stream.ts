/**
 * A request body produced only as it is pulled, counting what the reader took: the body
 * limits' tests prove with it that a refused body was not read (or was read only up to the
 * limit). `fill` is the byte it is made of (a space keeps a JSON body valid as far as it goes).
 */
export function countedStream(total: number, { chunk = 64 * 1024, fill = "a" }: { chunk?: number; fill?: string } = {}) {
  const pulled = { bytes: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close();
      const size = Math.min(chunk, total - pulled.bytes);
      pulled.bytes += size;
      controller.enqueue(new TextEncoder().encode(fill.repeat(size)));
    },
  });
  return { stream, pulled };
}
