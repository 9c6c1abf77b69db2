/**
 * Long loops of an import (checking 10,000 rows, storing them in small batches) give the
 * event loop back every few milliseconds and then rest as long as they worked, so the
 * requests of everyone else, each of which needs several turns of the loop (read the
 * request, query, answer), are served in between instead of after the whole file (issue 14:
 * a 10,000-row CSV stalled the server 6.8 s). Without the rest, a `setTimeout(0)` hands the
 * import a slice on every turn and a light request still waits one slice per turn it needs.
 * Web-standard timers only: the same code on Node and Workers (where the import runs in
 * waitUntil and the clock does not advance during computation, so the count bound applies).
 */
export const SLICE_MS = 8;
export const SLICE_ITEMS = 200;
/** Rest after a slice, as a share of the time the slice took: 1 = the import takes at most half the loop. */
export const REST_RATIO = 1;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Pacer {
  /** Once per item of a loop: yields (and rests) when the slice is used up, else costs nothing. */
  tick(): Promise<void> | undefined;
  /** After a step that is a slice on its own (one batch of writes): yields and rests now. */
  rest(): Promise<void>;
}

export function createPacer(): Pacer {
  let since = performance.now();
  let items = 0;
  const rest = async () => {
    const busy = performance.now() - since;
    await pause(Math.max(1, Math.min(busy * REST_RATIO, 50)));
    since = performance.now();
    items = 0;
  };
  return {
    tick() {
      items += 1;
      if (items < SLICE_ITEMS && performance.now() - since < SLICE_MS) return undefined;
      return rest();
    },
    rest,
  };
}
