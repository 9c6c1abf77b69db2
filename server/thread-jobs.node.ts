/**
 * One worker thread that runs jobs in order, for CPU work that must not hold the event loop
 * (certificate PDFs, import files: docs/decisions/0032-request-limits-and-heavy-work.md).
 * The thread is a TypeScript file that calls `serveThreadJobs`; it loads through tsx, as the
 * server itself does (npm start). A thread that dies fails its job and is replaced; an
 * AppError thrown in the thread comes back as the same AppError (status, message, fields).
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { parentPort, Worker } from "node:worker_threads";
import { AppError, errorFromWire, type WireError, wireFields } from "../api/services/core/errors";

type Reply<R> = { id: number; result: R } | { id: number; error: WireError };

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

const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;

export function startThreadJobs<J, R>(threadFile: URL, name: string): ThreadJobs<J, R> {
  const queue: Pending<J, R>[] = [];
  let current: Pending<J, R> | null = null;
  let worker: Worker | null = null;
  let nextId = 1;
  let closed = false;

  function spawn(): Worker {
    const thread = new Worker(threadFile, { execArgv: ["--import", tsxLoader] });
    thread.unref();
    thread.on("message", (reply: Reply<R>) => {
      if (!current || current.id !== reply.id) return;
      const done = current;
      current = null;
      thread.unref();
      if ("result" in reply) done.resolve(reply.result);
      else if (reply.error.status) done.reject(errorFromWire({ ...reply.error, status: reply.error.status }));
      else done.reject(new Error(`${name} failed: ${reply.error.message}`));
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
      const fields = error instanceof AppError ? wireFields(error) : {};
      port.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error), ...fields } } satisfies Reply<R>);
    }
  });
}
