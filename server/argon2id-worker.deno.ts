/**
 * One worker of the Deno server's argon2id pool (heavy-work.deno.ts): loads the `argon2id`
 * package's WASM once (the same loader as Node's threads: Deno reads the files through its
 * node:fs), then hashes each job it is sent, one at a time.
 */
import type { Argon2idInput } from "../api/services/core/password-hashing";
import { loadWasmArgon2id } from "./argon2id.node.ts";
import { serveWorkerJobs } from "./worker-jobs.deno.ts";

// Compiled as the worker starts; the first job waits for it (no await before serveWorkerJobs).
const loading = loadWasmArgon2id();

serveWorkerJobs<Argon2idInput, Uint8Array>(async (input) => {
  const argon2id = await loading;
  // A copy of its own, so handing its buffer over can never detach anything else.
  const hash = (await argon2id(input)).slice();
  return { result: hash, transfer: [hash.buffer] };
});
