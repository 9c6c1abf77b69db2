/**
 * How the Deno server stops (SIGTERM from a supervisor, Ctrl-C): it stops taking connections,
 * answers the requests in flight, finishes the work started after an answer (a question import
 * after its 202: the execution context's waitUntil) for at most `graceMs`, then exits. The
 * same order as drainOnSignals in background-work.node.ts.
 */
import type { NodeExecutionContext } from "./background-work.node.ts";
import { Deno, type DenoHttpServer } from "./deno-runtime.deno.ts";

export function drainOnSignals(background: Pick<NodeExecutionContext, "drain">, server: DenoHttpServer, graceMs = 60_000): void {
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => Deno.exit(0), graceMs) as unknown as number;
    Deno.unrefTimer(timer);
    void server
      .shutdown()
      .then(() => background.drain())
      .finally(() => Deno.exit(0));
  };
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
}
