/**
 * One thread of the argon2id pool (argon2id-pool.node.ts): loads the WASM once, then
 * answers each job `{ id, input }` with `{ id, hash }` or `{ id, error }`, one at a time.
 */
import { parentPort } from "node:worker_threads";
import type { Argon2idInput } from "../api/services/core/password-hashing";
import { loadWasmArgon2id } from "./argon2id.node.ts";
import { type SentError, sendableError } from "./worker-errors.ts";

export interface Argon2idJob {
  id: number;
  input: Argon2idInput;
}
export type Argon2idReply = { id: number; hash: Uint8Array } | { id: number; error: SentError };

const port = parentPort;
if (!port) throw new Error("argon2id-thread.node.ts runs as a worker thread only");
const argon2id = await loadWasmArgon2id();

port.on("message", async ({ id, input }: Argon2idJob) => {
  try {
    // A copy of its own, so handing its buffer over can never detach anything else.
    const hash = (await argon2id(input)).slice();
    port.postMessage({ id, hash } satisfies Argon2idReply, [hash.buffer]);
  } catch (error) {
    port.postMessage({ id, error: sendableError(error) } satisfies Argon2idReply);
  }
});
