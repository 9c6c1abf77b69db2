/**
 * Work a request starts and the answer does not wait for (a question import after its 202),
 * on Node: the `waitUntil` of an execution context, as Cloudflare hands one to a Worker, so the
 * routes have one path on both runtimes (docs/decisions/0032-request-limits-and-heavy-work.md).
 * The work is kept track of so that a stopping server finishes it first (`drain`).
 */
export interface NodeExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
  props: Record<string, never>;
  /** Resolves when every piece of work started so far has settled. */
  drain(): Promise<void>;
}

export function createNodeExecutionContext(): NodeExecutionContext {
  const pending = new Set<Promise<unknown>>();
  return {
    waitUntil(promise) {
      const tracked: Promise<unknown> = promise
        .catch((error: unknown) => console.error("background work failed", error))
        .finally(() => pending.delete(tracked));
      pending.add(tracked);
    },
    passThroughOnException() {},
    props: {},
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** On SIGTERM/SIGINT: stop taking connections, finish the started work (at most `graceMs`), exit. */
export function drainOnSignals(context: NodeExecutionContext, close: () => void, graceMs = 60_000): void {
  let stopping = false;
  // Once: a server process of several gets Ctrl-C's SIGINT from the terminal and SIGTERM from its primary.
  const stop = () => {
    if (stopping) return;
    stopping = true;
    close();
    const timer = setTimeout(() => process.exit(0), graceMs);
    timer.unref();
    void context.drain().then(() => process.exit(0));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
