import { argon2idAsync } from "@noble/hashes/argon2.js";
import setupWasm from "argon2id/lib/setup.js";
import type { Argon2id } from "../core/password-hashing";

/**
 * The one expensive step of a password check: raw argon2id (RFC 9106, version 0x13) of a
 * byte string. password.ts builds and reads the PHC strings around it; which implementation
 * runs is chosen by the runtime entry (docs/decisions/0021-password-hashing-runtime.md):
 * - WASM (the `argon2id` package of OpenPGP.js, ~30 ms a hash here) on both runtimes. A
 *   Worker may not compile WebAssembly from bytes, so each entry hands over its own way of
 *   instantiating the module: server/worker.ts imports the .wasm files as modules (wrangler
 *   bundles them), server/argon2id.node.ts compiles them from the package's files;
 * - on Node, a few worker threads running that WASM (server/argon2id-pool.node.ts), so a
 *   hash never holds the event loop that serves the exam's autosaves;
 * - pure JS (@noble/hashes, ~200 ms, yielding to the event loop now and then) when nothing
 *   was chosen: scripts, and the reference the WASM build is tested against.
 * All three give the same bytes, so every stored hash verifies whichever one runs.
 */
export const pureJsArgon2id: Argon2id = async ({ password, salt, m, t, p, dkLen }) => argon2idAsync(password, salt, { m, t, p, dkLen });

/** Instantiates one of the package's two WASM builds with the imports the package gives. */
export type WasmInstantiator = (imports: WebAssembly.Imports) => Promise<WebAssembly.Instance>;

/**
 * argon2id on the package's WASM. `simd` and `noSimd` instantiate its simd.wasm and
 * no-simd.wasm (the second only runs where SIMD is missing). One WASM instance with its own
 * memory (65 MiB reserved by the build) serves every call; calls run one at a time, since
 * the computation is synchronous.
 */
export async function wasmArgon2id(simd: WasmInstantiator, noSimd: WasmInstantiator): Promise<Argon2id> {
  const compute = await setupWasm(
    async (imports) => ({ instance: await simd(imports) }) as WebAssembly.WebAssemblyInstantiatedSource,
    async (imports) => ({ instance: await noSimd(imports) }) as WebAssembly.WebAssemblyInstantiatedSource,
  );
  return async (input) => {
    // The package refuses some passwords RFC 9106 allows (its length check compares the
    // bytes themselves with 8: an empty password, or one byte below 8, fails). Those few
    // go to the pure-JS build, which gives the same digest. With a pepper the input is
    // always 32 bytes of HMAC, so this is only ever a stray sign-in without one.
    if (input.password.length < 2) return pureJsArgon2id(input);
    return compute({
      password: input.password,
      salt: input.salt,
      memorySize: input.m,
      passes: input.t,
      parallelism: input.p,
      tagLength: input.dkLen,
    });
  };
}

/**
 * An argon2id that loads its implementation at the first hash, not before: a Worker isolate
 * that never checks a password never reserves the WASM memory. A failed load is retried.
 */
export function lazyArgon2id(load: () => Promise<Argon2id>): Argon2id {
  let loading: Promise<Argon2id> | undefined;
  return async (input) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(input);
  };
}
