/**
 * One worker thread that runs jobs in order, for CPU work that must not hold the event loop
 * (certificate PDFs, import files: docs/decisions/0032-request-limits-and-heavy-work.md).
 * The thread is a TypeScript file that calls `serveThreadJobs`, loaded through tsx or from its
 * bundle (thread-entry.node.ts). A thread that dies fails its job and is replaced; an
 * AppError thrown in the thread comes back as the same AppError, every field of it
 * (server/worker-errors.ts).
 */
import { parentPort, Worker } from "node:worker_threads";
import type { ThreadEntry } from "./thread-entry.node.ts";
import { receivedError, type SentError, sendableError } from "./worker-errors.ts";

type Reply<R> = { id: number; result: R } | { id: number; error: SentError };

interface Pending<J, R> {
  id: number;
  job: J;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

export interface ThreadJobs<J, R> {
  run(job: J): Promise<R>;
  close(): Promise<void>;
}

export function startThreadJobs<J, R>(entry: ThreadEntry, name: string): ThreadJobs<J, R> {
  const queue: Pending<J, R>[] = [];
  let current: Pending<J, R> | null = null;
  let worker: Worker | null = null;
  let nextId = 1;
  let closed = false;

  function spawn(): Worker {
    const thread = new Worker(entry.file, { execArgv: entry.execArgv });
    thread.unref();
    thread.on("message", (reply: Reply<R>) => {
      if (!current || current.id !== reply.id) return;
      const done = current;
      current = null;
      thread.unref();
      if ("result" in reply) done.resolve(reply.result);
      else done.reject(receivedError(reply.error, name));
      dispatch();
    });
    let gone = false;
    const replace = (error: Error) => {
      if (gone) return; // "error" is followed by "exit": replace once
      gone = true;
      current?.reject(error);
      current = null;
      worker = null;
      if (!closed) dispatch();
    };
    thread.on("error", replace);
    thread.on("exit", (code) => replace(new Error(`${name} thread stopped (exit code ${code})`)));
    return thread;
  }

  function dispatch() {
    if (current || queue.length === 0 || closed) return;
    worker ??= spawn();
    current = queue.shift()!;
    // Referenced while a job runs, so a job in flight keeps the process alive.
    worker.ref();
    worker.postMessage({ id: current.id, job: current.job });
  }

  return {
    run(job) {
      if (closed) return Promise.reject(new Error(`${name}: closed`));
      return new Promise<R>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error(`${name}: closed`));
      await worker?.terminate();
    },
  };
}

/** In the thread file: answers each job with `handle`'s result (and the buffers to hand over). */
export function serveThreadJobs<J, R>(handle: (job: J) => Promise<{ result: R; transfer?: ArrayBuffer[] }>): void {
  const port = parentPort;
  if (!port) throw new Error("a thread-jobs file runs as a worker thread only");
  port.on("message", async ({ id, job }: { id: number; job: J }) => {
    try {
      const { result, transfer } = await handle(job);
      port.postMessage({ id, result } satisfies Reply<R>, transfer ?? []);
    } catch (error) {
      port.postMessage({ id, error: sendableError(error) } satisfies Reply<R>);
    }
  });
}
