/**
 * The HTTP/1.1 server both runtime entries listen with (server/node.ts, server/deno.ts): node:http
 * through @hono/node-server, with the time limits that keep a crowd of silent connections from
 * holding the process's file handles (issue 25 points 14 and 17, docs/decisions/0057):
 * - headers: a connection that has not sent a whole request head within HEADERS_TIMEOUT_MS
 *   (default 20 s) is answered 408 and closed; one that sent nothing at all is closed;
 * - request: a request whose body has not fully arrived within REQUEST_TIMEOUT_MS of its start
 *   (default 120 s: 5 MB at 350 kbit/s) the same; Node's default was 300 s, ~322 s in practice;
 * - idle: a kept-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS (default 5 s) without a request.
 * Deno runs the same node:http (Deno.serve has none of these limits: 20,000 half-sent heads
 * stayed open until "Too many open files" ended it). Deno 2.9's node:http does not enforce
 * Node's own limits on a silent crowd (its check runs only as requests come), so the limits
 * are also kept here, per connection, with timers (guardConnections), the same on both runtimes.
 *
 * And the process never runs out of file handles for connections: beyond MAX_CONNECTIONS
 * (default: three quarters of the open-file limit) a new connection is closed at once. A
 * failed accept would otherwise end Node (unhandled "error"); an accept error that happens
 * anyway is logged, never fatal. On Deno, where a burst at the limit met a panic and then an
 * accept loop that stopped for good, server/keep-accepting.node.ts keeps it alive and accepting.
 */
import { createAdaptorServer, type HttpBindings } from "@hono/node-server";
import { readFileSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { keepAccepting } from "./keep-accepting.node.ts";

export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

const DEFAULTS: HttpTimeouts = { headersMs: 20_000, requestMs: 120_000, keepAliveMs: 5_000 };

/** The limits from the environment (milliseconds, whole and positive), else the defaults. */
export function httpTimeoutsFrom(env: Record<string, string | undefined>): HttpTimeouts {
  const read = (name: string, fallback: number) => {
    const value = Number(env[name]);
    return Number.isSafeInteger(value) && value > 0 ? value : fallback;
  };
  const headersMs = read("HEADERS_TIMEOUT_MS", DEFAULTS.headersMs);
  // Node requires the request's limit to be at least the head's.
  return { headersMs, requestMs: Math.max(headersMs, read("REQUEST_TIMEOUT_MS", DEFAULTS.requestMs)), keepAliveMs: read("KEEP_ALIVE_TIMEOUT_MS", DEFAULTS.keepAliveMs) };
}

/**
 * Connections at once: MAX_CONNECTIONS, else the open-file limit less a quarter of it (at
 * least 64 left for the database, its journal, workers, uploads), else no cap where the
 * limit cannot be read (not Linux).
 */
export function maxConnectionsFrom(env: Record<string, string | undefined>, openFiles = openFilesLimit()): number {
  const asked = Number(env.MAX_CONNECTIONS);
  if (Number.isSafeInteger(asked) && asked > 0) return asked;
  return openFiles - Math.max(64, Math.floor(openFiles / 4));
}

function openFilesLimit(): number {
  try {
    const soft = /^Max open files\s+(\d+)/m.exec(readFileSync("/proc/self/limits", "utf8"))?.[1];
    return soft ? Number(soft) : Infinity;
  } catch {
    return Infinity;
  }
}

const REQUEST_TIMEOUT = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n";
/** A connection sent its 408 is destroyed this long after, should the peer never close its side. */
const CLOSE_GRACE_MS = 1_000;

/**
 * One timer per connection, always for its present phase: a head to arrive (headersMs from
 * the connection, or keepAliveMs + headersMs after an answer), a body to arrive (requestMs),
 * none while the app works on an answer. When it fires: 408 and close (idle: just close).
 */
function guardConnections(server: Server, { headersMs, requestMs, keepAliveMs }: HttpTimeouts, maxConnections: number) {
  const watches = new WeakMap<Socket, (phase: "head" | "body" | "idle" | "answer") => void>();
  let open = 0;
  server.on("connection", (socket: Socket) => {
    if (open >= maxConnections) return socket.destroy();
    open++;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expire = (answer408: boolean) => () => {
      if (answer408 && socket.writable) {
        socket.end(REQUEST_TIMEOUT);
        setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
      } else socket.destroy();
    };
    const watch = (phase: "head" | "body" | "idle" | "answer") => {
      clearTimeout(timer);
      if (phase === "answer") return;
      const ms = phase === "head" ? headersMs : phase === "body" ? requestMs : keepAliveMs + headersMs;
      timer = setTimeout(expire(phase !== "idle"), ms);
      timer.unref();
    };
    watches.set(socket, watch);
    socket.once("close", () => {
      open--;
      clearTimeout(timer);
    });
    watch("head");
  });
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const watch = watches.get(request.socket as Socket);
    if (!watch) return;
    const hasBody = request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;
    watch(hasBody ? "body" : "answer");
    if (hasBody) request.once("end", () => watch("answer"));
    response.once("finish", () => watch("idle"));
  });
}

/** node:net's backlog when none is given. */
const NODE_DEFAULT_BACKLOG = 511;

type Fetch = (request: Request, env: HttpBindings) => Response | Promise<Response>;

/**
 * Listens on `port` with the time limits and the connection cap; the caller closes it
 * (drainOnSignals). `ownSocket`: a listening socket of this process's own beside the other
 * server processes' (SO_REUSEPORT, server/cluster.node.ts), not one shared through node:cluster.
 */
export function listenHttp(
  fetch: Fetch,
  options: { port: number; hostname?: string; backlog?: number; timeouts: HttpTimeouts; maxConnections: number; ownSocket?: boolean },
): Server {
  const { headersMs, requestMs, keepAliveMs } = options.timeouts;
  const server = createAdaptorServer({
    fetch: fetch as (request: Request, env: unknown) => Response | Promise<Response>,
    serverOptions: {
      headersTimeout: headersMs,
      requestTimeout: requestMs,
      keepAliveTimeout: keepAliveMs,
      // How often the limits are checked (Node's default, 30 s, would let a silent connection
      // live up to 50 s): a quarter of the shortest, so none outlives its limit by more.
      connectionsCheckingInterval: Math.max(250, Math.floor(Math.min(headersMs, requestMs) / 4)),
    },
  }) as Server;
  guardConnections(server, options.timeouts, options.maxConnections);
  // An error of the listening socket after it is up (EMFILE or ENFILE on accept) is the
  // moment to wait, not to die: the runtime retries the accept (Deno once re-armed:
  // keepAccepting), and the timeouts above free handles. Unhandled, Node's "error" event
  // would end the process.
  let listening = false;
  server.on("listening", () => (listening = true));
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (!listening) throw error; // the port is taken: say so and stop, as before
    console.error(`HTTP server: ${error.code ?? error.message}; still serving`);
  });
  keepAccepting(server, options.backlog ?? NODE_DEFAULT_BACKLOG);
  const own = options.ownSocket ? { exclusive: true, reusePort: true } : {};
  server.listen({ port: options.port, host: options.hostname, backlog: options.backlog, ...own });
  return server;
}
