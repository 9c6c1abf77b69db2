/**
 * argon2id on the `argon2id` package's WASM for Node: the module is compiled from the
 * package's .wasm files, which Node allows (a Worker does not; server/worker.ts imports
 * them as modules instead). Used on the main thread by scripts and tests, and by each
 * thread of the pool (argon2id-pool.node.ts) in the server.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { wasmArgon2id } from "../api/services/auth/argon2id";
import { type Argon2id } from "../api/services/core/password-hashing";

const require = createRequire(import.meta.url);

async function compile(file: string): Promise<WebAssembly.Module> {
  return WebAssembly.compile(await readFile(require.resolve(file)));
}

export async function loadWasmArgon2id(): Promise<Argon2id> {
  const [simd, noSimd] = await Promise.all([compile("argon2id/dist/simd.wasm"), compile("argon2id/dist/no-simd.wasm")]);
  return wasmArgon2id(
    (imports) => WebAssembly.instantiate(simd, imports),
    (imports) => WebAssembly.instantiate(noSimd, imports),
  );
}
