/**
 * Every core on Node (issue 19, docs/decisions/0053-every-core-on-node.md): `npm start` runs
 * one server process per core (WEB_CONCURRENCY, default the cores Node may use), all on the
 * one port and the one libSQL file. The primary process (server/node.ts) prepares the data
 * once (secrets, migrations, demo data), runs the abandoned-attempt sweep, forks the server
 * processes and replaces one that dies; it answers no request itself. On Linux each server
 * process listens on a socket of its own on the one port (SO_REUSEPORT) and the kernel spreads
 * new connections over them; elsewhere node:cluster's round robin hands them out.
 */
import cluster, { type Worker } from "node:cluster";
import { createServer } from "node:net";
import { availableParallelism } from "node:os";

export const MAX_PROCESSES = 64;

export const WEB_CONCURRENCY_INVALID = `WEB_CONCURRENCY must be a whole number from 1 to ${MAX_PROCESSES} (the server processes; 1 serves from one process)`;

/** Server processes to run: WEB_CONCURRENCY, else one per core Node may use. */
export function serverProcessesFrom(env: Record<string, string | undefined>): number {
  const asked = env.WEB_CONCURRENCY?.trim();
  if (!asked) return availableParallelism();
  const count = Number(asked);
  if (!Number.isInteger(count) || count < 1 || count > MAX_PROCESSES) throw new Error(WEB_CONCURRENCY_INVALID);
  return count;
}

/**
 * Whether each server process listens on its own socket (SO_REUSEPORT). Not node:cluster's
 * round robin where the kernel can do it: there the primary accepts each connection and
 * hands it over, and a connection handed to a process at the moment it dies is held open by
 * the primary and never answered (ADR 0053). Node supports `reusePort` on Linux, not macOS.
 */
export const OWN_LISTENING_SOCKETS = process.platform === "linux";

/** What a server process tells the primary once it listens on its own socket. */
const LISTENING_MESSAGE = "quiz:listening";

/** In a server process: tells the primary it serves (node:cluster says so itself only for a shared socket). */
export function announceListening(): void {
  if (OWN_LISTENING_SOCKETS) process.send?.(LISTENING_MESSAGE);
}

/**
 * Stops the start when the port is taken, as one process's listen would. Sockets with
 * SO_REUSEPORT of the same user share a port without a word, so a server process would
 * quietly join a server left running on it: the primary takes the port alone for a moment.
 */
export async function refuseTakenPort(port: number): Promise<void> {
  if (!OWN_LISTENING_SOCKETS) return; // the primary's shared socket says so itself
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen({ port, exclusive: true }, resolve);
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** A replacement that fails to start is tried again after this long, at most this many times in a row. */
const RESTART_DELAY_MS = 1000;
const RESTART_ATTEMPTS = 5;

/**
 * In the primary: forks `count` server processes (this same entry, which serves when it is a
 * cluster worker), calls `onServing` once all of them listen, replaces one that dies, and on
 * SIGTERM/SIGINT asks each to finish its work (server/background-work.node.ts) and exits when
 * all have. A process that stops before it ever listened means the server cannot start (a
 * port in use, a broken setting): the primary then stops, as the single process would.
 */
export function superviseServerProcesses(count: number, onServing: () => void): void {
  const listened = new Set<number>();
  const replacing = new Map<number, number>(); // new worker id → pid it replaces
  let stopping = false;
  let served = false;
  let failedStarts = 0;

  const onListening = (worker: Worker) => {
    if (listened.has(worker.id)) return;
    listened.add(worker.id);
    failedStarts = 0;
    const replaced = replacing.get(worker.id);
    if (replaced !== undefined) {
      replacing.delete(worker.id);
      console.log(`Server process ${worker.process.pid} took over from ${replaced}`);
    }
    if (!served && listened.size >= count) {
      served = true;
      onServing();
    }
  };
  cluster.on("listening", onListening);
  cluster.on("message", (worker, message) => {
    if (message === LISTENING_MESSAGE) onListening(worker);
  });

  cluster.on("exit", (worker: Worker, code, signal) => {
    const pid = worker.process.pid;
    const hadListened = listened.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(); // with stopAll's exit code
      return;
    }
    if (!hadListened && !served) {
      console.error(`Server process ${pid} stopped before it served (${signal ?? `exit code ${code}`}); stopping.`);
      stopAll(1);
      return;
    }
    console.error(`Server process ${pid} stopped (${signal ?? `exit code ${code}`}); starting another.`);
    if (!hadListened && ++failedStarts >= RESTART_ATTEMPTS) {
      console.error(`${RESTART_ATTEMPTS} server processes in a row stopped before they served; stopping.`);
      stopAll(1);
      return;
    }
    const start = () => {
      if (stopping || pid === undefined) return;
      replacing.set(cluster.fork().id, pid);
    };
    if (hadListened) start();
    else setTimeout(start, RESTART_DELAY_MS).unref();
  });

  function stopAll(exitCode: number) {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    process.exitCode = exitCode;
    // Each drains its started work (at most a minute: drainOnSignals) and exits; "exit" above ends the primary.
    for (const worker of workers) worker.process.kill("SIGTERM");
  }

  process.once("SIGTERM", () => stopAll(0));
  process.once("SIGINT", () => stopAll(0));
  for (let i = 0; i < count; i++) cluster.fork();
}
