/**
 * The `Deno` global, typed with just what the Deno entry and its adapters use. The project is
 * type-checked by tsc with Node's and the DOM's types, not Deno's (`deno types` would put the
 * whole Deno namespace in scope for the shared code too), so the few calls are declared here
 * and the handle is read from globalThis: shared code that reached for `Deno` would neither
 * type-check nor pass lint (eslint.config.js, no-restricted-globals).
 */

export interface DenoRuntime {
  version: { deno: string; v8: string; typescript: string };
  env: { toObject(): Record<string, string> };
  exit(code?: number): never;
  /** Lets a timer run without keeping the process alive (Node's `timer.unref()`). */
  unrefTimer(id: number): void;
}

/** Undefined outside Deno: only the Deno entry and *.deno.ts files import this. */
export const Deno = (globalThis as unknown as { Deno: DenoRuntime }).Deno;
