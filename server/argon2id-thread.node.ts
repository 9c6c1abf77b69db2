/**
 * One thread of the argon2id pool (argon2id-pool.node.ts): loads the WASM once, then
 * answers each job `{ id, input }` with `{ id, hash }` or `{ id, error }`, one at a time.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import type { Argon2idInput } from "../api/services/core/password-hashing";
import { loadWasmArgon2id } from "./argon2id.node.ts";

export interface Argon2idJob {
  id: number;
  input: Argon2idInput;
}
export type Argon2idReply = { id: number; hash: Uint8Array } | { id: number; error: string };

/**
 * How much this thread yields to the event loops (Linux nice, 0 to 19): with one server
 * process per core (ADR 0053) the machine has as many hashing threads as cores, and a burst
 * of sign-ins would otherwise take the cores from the requests around it (autosaves) as much
 * as it takes from itself. Niced, hashing runs on whatever the event loops leave.
 */
const NICENESS = 10;

/** Lowers this thread's priority (Linux keeps a nice value per thread; elsewhere nothing changes). */
function yieldToEventLoops() {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid)) setPriority(tid, Math.min(19, getPriority(tid) + NICENESS));
  } catch {
    // No /proc/thread-self (not Linux): the thread keeps the process's priority.
  }
}

const port = parentPort;
if (!port) throw new Error("argon2id-thread.node.ts runs as a worker thread only");
yieldToEventLoops();
const argon2id = await loadWasmArgon2id();

port.on("message", async ({ id, input }: Argon2idJob) => {
  try {
    // A copy of its own, so handing its buffer over can never detach anything else.
    const hash = (await argon2id(input)).slice();
    port.postMessage({ id, hash } satisfies Argon2idReply, [hash.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Argon2idReply);
  }
});
