/**
 * The `Deno` global, typed with just what the Deno entry and its adapters use. The project is
 * type-checked by tsc with Node's and the DOM's types, not Deno's (`deno types` would put the
 * whole Deno namespace in scope for the shared code too), so the few calls are declared here
 * and the handle is read from globalThis: shared code that reached for `Deno` would neither
 * type-check nor pass lint (eslint.config.js, no-restricted-globals).
 */

export interface DenoNetAddr {
  transport: "tcp" | "udp" | "unix" | "unixpacket" | "vsock";
  hostname?: string;
  port?: number;
}

export interface DenoServeHandlerInfo {
  remoteAddr: DenoNetAddr;
}

export interface DenoHttpServer {
  /** Resolves when the server has stopped. */
  finished: Promise<void>;
  /** Stops taking connections and resolves when the requests in flight are answered. */
  shutdown(): Promise<void>;
}

export interface DenoServeOptions {
  port: number;
  hostname?: string;
  onListen?: (addr: { hostname: string; port: number }) => void;
  /**
   * Compress answers by the client's Accept-Encoding (Brotli or gzip); off unless asked in
   * Deno 2.9 (denoland/deno#35486). Skipped for `Cache-Control: no-transform`, a Content-Encoding or a Content-Range.
   */
  automaticCompression?: boolean;
  /** The answer to a handler that threw (the app catches its own; this is the last resort). */
  onError?: (error: unknown) => Response | Promise<Response>;
}

export interface DenoRuntime {
  version: { deno: string; v8: string; typescript: string };
  env: { toObject(): Record<string, string> };
  cwd(): string;
  serve(options: DenoServeOptions, handler: (request: Request, info: DenoServeHandlerInfo) => Response | Promise<Response>): DenoHttpServer;
  addSignalListener(signal: "SIGTERM" | "SIGINT", handler: () => void): void;
  exit(code?: number): never;
  /** Lets a timer run without keeping the process alive (Node's `timer.unref()`). */
  unrefTimer(id: number): void;
}

/** Undefined outside Deno: only the Deno entry and *.deno.ts files import this. */
export const Deno = (globalThis as unknown as { Deno: DenoRuntime }).Deno;
