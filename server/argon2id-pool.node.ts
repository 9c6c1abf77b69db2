/**
 * Password hashing off the event loop on Node: a few worker threads, each running argon2id
 * on WASM (argon2id-thread.node.ts), behind the same `Argon2id` function the shared code
 * calls. A sign-in then waits for its hash without stopping the requests around it (the
 * exam's autosaves); docs/performance.md has the figures that justified it.
 *
 * Jobs queue in order when every thread is busy. A thread that dies fails its job and is
 * replaced. The threads do not keep the process alive (unref), so scripts and tests end.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { lazyArgon2id } from "../api/services/auth/argon2id";
import { type Argon2id, type Argon2idInput } from "../api/services/core/password-hashing";
import { loadWasmArgon2id } from "./argon2id.node.ts";
import type { Argon2idJob, Argon2idReply } from "./argon2id-thread.node.ts";
import { threadEntry } from "./thread-entry.node.ts";
import { receivedError } from "./worker-errors.ts";

interface Pending {
  id: number;
  input: Argon2idInput;
  resolve: (hash: Uint8Array) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Pending | null;
  gone: boolean;
}

export interface Argon2idPool {
  argon2id: Argon2id;
  size: number;
  /** Stops the threads; jobs not finished fail. */
  close(): Promise<void>;
}

/**
 * Threads per server process: PASSWORD_HASH_THREADS, else the machine's cores less one (for
 * the event loop), shared among the `processes` server processes (WEB_CONCURRENCY), at least
 * 1 and at most 4 each. One process on 2 cores: 1; two processes on 2 cores: 1 each, so
 * sign-ins may use both cores while the processes' event loops share them (ADR 0053).
 */
export function poolSizeFrom(env: Record<string, string | undefined>, processes = 1, cores = availableParallelism()): number {
  const asked = Number(env.PASSWORD_HASH_THREADS);
  if (Number.isInteger(asked) && asked >= 1 && asked <= 64) return asked;
  return Math.min(4, Math.max(1, Math.floor((cores - 1) / Math.max(1, processes))));
}

// The thread is TypeScript loaded through tsx (thread-entry.node.ts): it reads the WASM beside
// its source file, which a bundle in build/threads/ would not find.
const thread = threadEntry(new URL("./argon2id-thread.node.ts", import.meta.url));

export function startArgon2idPool(size: number): Argon2idPool {
  const queue: Pending[] = [];
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(thread.file, { execArgv: thread.execArgv }), job: null, gone: false };
    slot.worker.unref();
    slot.worker.on("message", (reply: Argon2idReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      slot.worker.unref();
      if ("hash" in reply) job.resolve(reply.hash);
      else job.reject(receivedError(reply.error, "argon2id"));
      dispatch();
    });
    const replace = (error: Error) => {
      if (slot.gone) return; // "error" is followed by "exit": replace once
      slot.gone = true;
      slot.job?.reject(error);
      slot.job = null;
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (!closed) {
        slots.push(spawn());
        dispatch();
      }
    };
    slot.worker.on("error", replace);
    slot.worker.on("exit", (code) => replace(new Error(`argon2id thread stopped (exit code ${code})`)));
    return slot;
  }

  function dispatch() {
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      // A thread keeps the process alive only while someone waits for its answer.
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, input: job.input } satisfies Argon2idJob);
    }
  }

  for (let i = 0; i < size; i++) slots.push(spawn());

  return {
    size,
    argon2id: (input) =>
      new Promise<Uint8Array>((resolve, reject) => {
        if (closed) return reject(new Error("argon2id pool is closed"));
        queue.push({ id: nextId++, input, resolve, reject });
        dispatch();
      }),
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error("argon2id pool is closed"));
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * A server process's argon2id: PASSWORD_HASH_THREADS threads (default: poolSizeFrom), or the
 * WASM on the main thread with PASSWORD_HASH_THREADS=0 (for comparison; docs/performance.md).
 */
export function argon2idForServer(env: Record<string, string | undefined>, processes = 1): { argon2id: Argon2id; threads: number } {
  if (env.PASSWORD_HASH_THREADS?.trim() === "0") return { argon2id: lazyArgon2id(loadWasmArgon2id), threads: 0 };
  const pool = startArgon2idPool(poolSizeFrom(env, processes));
  return { argon2id: pool.argon2id, threads: pool.size };
}
