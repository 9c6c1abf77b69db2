/**
 * CPU work off the serving loop under Deno: module Web Workers that each run one job at a
 * time, jobs queued in order when every worker is busy. The Deno counterpart of
 * thread-jobs.node.ts and argon2id-pool.node.ts (Node's worker threads load TypeScript
 * through tsx; Deno runs a worker's .ts file itself, with the same permissions and import
 * settings as the server). Used for password hashes (several workers), certificate PDFs and
 * question-import parsing (one each): docs/decisions/0051-deno-runtime.md.
 *
 * A worker that fails (an uncaught error, a message that cannot be read) fails its job and is
 * replaced (by a new one when a job next needs it); its error is kept from reaching the main
 * loop, where Deno would end the whole process. An AppError thrown in a worker comes back as the same AppError.
 */
import { AppError, errorFromWire, type WireError, wireFields } from "../api/services/core/errors";

type ErrorReply = WireError;
export type WorkerReply<R> = { id: number; result: R } | { id: number; error: ErrorReply } | { ready: true };

interface Pending<J, R> {
  id: number;
  job: J;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

interface Slot<J, R> {
  worker: Worker;
  /** Set by the worker's first message: a job posted before its handler exists would be lost. */
  ready: boolean;
  job: Pending<J, R> | null;
}

export interface WorkerJobs<J, R> {
  run(job: J): Promise<R>;
  /** Stops the workers; jobs not finished fail. */
  close(): void;
  readonly size: number;
}

/**
 * Up to `size` workers running `workerFile` (a module that calls `serveWorkerJobs`). `eager`
 * starts them at once, so the first job does not wait for a worker to load its code (a
 * sign-in and argon2id's WASM); otherwise each starts with the first job that needs it
 * (a PDF library nobody may use is not loaded at start).
 */
export function startWorkerJobs<J, R>(workerFile: URL, name: string, { size = 1, eager = false } = {}): WorkerJobs<J, R> {
  const queue: Pending<J, R>[] = [];
  const slots: Slot<J, R>[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot<J, R> {
    const slot: Slot<J, R> = { worker: new Worker(workerFile.href, { type: "module", name }), ready: false, job: null };
    slot.worker.onmessage = (event: MessageEvent<WorkerReply<R>>) => {
      const reply = event.data;
      if ("ready" in reply) {
        slot.ready = true;
        return dispatch();
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      if ("result" in reply) job.resolve(reply.result);
      else job.reject(toError(reply.error, name));
      dispatch();
    };
    const replace = (error: Error) => {
      slot.job?.reject(error);
      slot.job = null;
      slot.worker.terminate();
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (!closed) dispatch();
    };
    slot.worker.onerror = (event: ErrorEvent) => {
      // Handled here: an unhandled worker error would end the server.
      event.preventDefault();
      replace(new Error(`${name} worker failed: ${event.message}`));
    };
    slot.worker.onmessageerror = () => replace(new Error(`${name} worker sent an unreadable message`));
    return slot;
  }

  function dispatch() {
    if (closed) return;
    while (slots.length < size && queue.length > slots.filter((slot) => !slot.job).length) slots.push(spawn());
    for (const slot of slots) {
      if (!slot.ready || slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, job: job.job });
    }
  }

  if (eager) for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    size,
    run(job) {
      if (closed) return Promise.reject(new Error(`${name}: closed`));
      return new Promise<R>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject });
        dispatch();
      });
    },
    close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error(`${name}: closed`));
      for (const slot of slots.splice(0)) {
        slot.job?.reject(new Error(`${name}: closed`));
        slot.worker.terminate();
      }
    },
  };
}

function toError(error: ErrorReply, name: string): Error {
  if (error.status) return errorFromWire({ ...error, status: error.status });
  return new Error(`${name} failed: ${error.message}`);
}

/** The worker's side of `postMessage` and `onmessage` (the project's types are the DOM's, not a worker's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown, options?: { transfer?: Transferable[] }): void;
}

/**
 * In the worker file, called as it loads (before any await): answers each job with `handle`'s
 * result (and the buffers to hand over), then says it is ready, so no job is sent before
 * anything listens. Slow set-up (argon2id's WASM) belongs inside `handle`, awaited there.
 */
export function serveWorkerJobs<J, R>(handle: (job: J) => Promise<{ result: R; transfer?: ArrayBuffer[] }>): void {
  const scope = globalThis as unknown as WorkerScope;
  scope.onmessage = async (event: MessageEvent<{ id: number; job: J }>) => {
    const { id, job } = event.data;
    try {
      const { result, transfer } = await handle(job);
      scope.postMessage({ id, result } satisfies WorkerReply<R>, { transfer: transfer ?? [] });
    } catch (error) {
      const fields = error instanceof AppError ? wireFields(error) : {};
      scope.postMessage({ id, error: { message: error instanceof Error ? error.message : String(error), ...fields } } satisfies WorkerReply<R>);
    }
  };
  scope.postMessage({ ready: true } satisfies WorkerReply<R>);
}
