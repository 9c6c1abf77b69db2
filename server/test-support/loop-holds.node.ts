/**
 * How long the event loop was held while `work` ran: a 2 ms ticker's longest gap, and the
 * work's own time. The pool tests (certificate PDFs, import parsing, question export) compare
 * the two relatively (a hold well under the work's time), so a busy machine slowing both does
 * not fail them: work done on the loop holds it about the whole time.
 */
export async function loopHoldsDuring<T>(work: () => Promise<T>): Promise<{ result: T; longest: number; elapsed: number }> {
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  const started = performance.now();
  try {
    const result = await work();
    return { result, longest, elapsed: performance.now() - started };
  } finally {
    clearInterval(ticker);
  }
}
