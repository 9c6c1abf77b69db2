import { TooManyRequests } from "../core/errors";
import { tryAgainIn } from "../auth/rate-limit";

/**
 * At most `concurrent` certificate PDFs are made at once in this process (Worker isolate), and
 * at most `waiting` wait for their turn; past that the request is refused at once (429). A
 * render is seconds of CPU in a burst (20 in parallel held the event loop 2.5 s): one after
 * the other, with a turn of the event loop between two, the server answers everyone else in
 * between, and a flood costs memory for `waiting` requests only (docs/decisions/0032).
 */
export interface RenderGate {
  run<T>(render: () => Promise<T>): Promise<T>;
  /** Renders running and waiting now (for tests). */
  load(): { running: number; waiting: number };
}

export const BUSY_MESSAGE = "Many certificates are being made right now";
const BUSY_RETRY_SECONDS = 30;

export function createRenderGate(concurrent: number, waiting: number): RenderGate {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    running -= 1;
    // A fresh macrotask: requests that arrived during the render are served before the next one.
    setTimeout(() => {
      const next = queue.shift();
      if (next) {
        running += 1;
        next();
      }
    }, 0);
  };
  return {
    async run(render) {
      if (running < concurrent && queue.length === 0) running += 1;
      else if (queue.length < waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new TooManyRequests(`${BUSY_MESSAGE}. ${tryAgainIn(BUSY_RETRY_SECONDS)}`, BUSY_RETRY_SECONDS, "SERVER_BUSY");
      try {
        return await render();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: queue.length }),
  };
}
