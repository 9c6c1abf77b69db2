/**
 * What keeps a server under Deno 2.9 (2.9.6, the last on npm) alive and accepting when its
 * process runs out of file handles (issue 25 point 14, docs/decisions/0057). Node needs none
 * of it (libuv keeps a spare handle for that moment and retries accepts), so it runs on Deno only.
 *
 * Two defects of Deno's own, read in its source and seen with strace:
 * - **A panic.** The first signal handler a Deno process installs creates a socket pair
 *   (ext/signals/lib.rs:58, `Signals::new(..).unwrap()`), and Deno installs one by itself
 *   500 ms after start, to open the inspector on SIGUSR1 (cli/worker.rs,
 *   `spawn_sigusr1_inspector_listener`). A crowd that holds every handle at that moment ends
 *   the process ("Too many open files"). Installing and removing a handler before listening
 *   creates the pair while handles are free; later handlers (SIGUSR1's, SIGTERM's) reuse it.
 * - **An accept loop that stops for good.** Deno's stand-in for libuv drains a listener
 *   with `while let Poll::Ready(Ok(..)) = listener.poll_accept(cx)` (libs/core/uv_compat/tcp.rs):
 *   an accept that fails (EMFILE) ends the loop without telling JavaScript and without asking
 *   tokio to wake it again, so the listener is never polled again: the server is alive but
 *   deaf. Calling the listening handle's `listen()` again re-queues it for polling (uv_listen
 *   on a handle that already listens only does that), so it is called every REARM_MS while
 *   the server listens: a no-op when nothing waits, the next accept once handles are free.
 */
import process from "node:process";
import type { Server } from "node:http";

/** How soon a deaf listener is polled again after handles are free. */
const REARM_MS = 250;

/** True under Deno, whose node:process names its version. */
const runsOnDeno = typeof process.versions.deno === "string";

interface ListeningHandle {
  listen(backlog: number): number;
}

/** Call before `server.listen`: on Deno, the signal handlers' socket pair now and the listener re-armed while it listens. */
export function keepAccepting(server: Server, backlog: number) {
  if (!runsOnDeno) return;
  const noop = () => {};
  process.on("SIGWINCH", noop); // ignored by default: installing it changes nothing else
  process.off("SIGWINCH", noop);
  let timer: ReturnType<typeof setInterval> | undefined;
  server.on("listening", () => {
    timer = setInterval(() => {
      const handle = (server as unknown as { _handle?: ListeningHandle | null })._handle;
      handle?.listen(backlog);
    }, REARM_MS);
    timer.unref();
  });
  server.on("close", () => clearInterval(timer));
}
