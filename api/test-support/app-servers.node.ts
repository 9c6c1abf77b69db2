import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePorts } from "../../db/test-support/sqld-server.node.ts";
import type { S3StandIn } from "./s3-stand-in.node.ts";

/**
 * Real app servers (`npm start`'s entry, server/node.ts, on the built app) serving one
 * database by URL, as separate machines behind a load balancer would: each its own process
 * group, its own port and its own data folder (DATA_DIR), one shared S3 bucket, and the
 * secrets every server of one database must share (docs/decisions/0090-what-app-servers-share.md).
 * One server process each (WEB_CONCURRENCY=1): the cluster of one machine is ADR 0053's.
 */
export interface AppServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  /** This server's own local folder. */
  dataDir: string;
  /** The process group's leader while it runs. */
  pid(): number | undefined;
  /** Sends `signal` to the whole process group and waits for the server to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on its port and folder (after a kill), and waits until it answers. */
  start(): Promise<void>;
  /** The last of what it printed. */
  output(): string;
}

export interface AppServersOptions {
  databaseUrl: string;
  authToken: string;
  bucket: S3StandIn;
  /** More environment for every server (SWEEP settings, limits…). */
  env?: Record<string, string>;
  /** Pins every server (each thread and process it starts) to these CPUs with taskset (a bench's "app servers on core 0"). */
  cores?: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ENTRY = path.join(root, "server/node.ts");
const BUILT_APP = path.join(root, "build/server/index.js");
// The lane's sqld serves each database under `<namespace>.localhost` (ADR 0086).
const RESOLVE_LOCALHOST_NAMES = path.join(root, "db/test-support/resolve-localhost-names.node.ts");
const STARTUP_PATIENCE_MS = 60_000;
/** What the school's browsers would open: one address for the deployment, whichever server answers. */
export const PUBLIC_URL = "http://quiz.localhost";

/** The secrets of one deployment: the same on every server (a test may print them: they are made per run). */
function deploymentSecrets(): AppServers["secrets"] {
  const random = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  return { JWT_SECRET: random(), PASSWORD_PEPPER: random(), PAYMENT_SECRETS_KEY: random() };
}

export interface AppServers {
  servers: AppServer[];
  /** The secrets every server was given (a test hashes passwords with the pepper, shows option ids with the token key). */
  secrets: { JWT_SECRET: string; PASSWORD_PEPPER: string; PAYMENT_SECRETS_KEY: string };
  /** Kills every server's process group and removes their folders. */
  stop(): Promise<void>;
}

/** Starts `count` app servers at once on `options.databaseUrl` (migrating it at start, as `npm start` does). */
export async function startAppServers(count: number, options: AppServersOptions): Promise<AppServers> {
  if (!existsSync(BUILT_APP)) throw new Error(`No built app at ${BUILT_APP}: run \`npm run build\` first (npm test does)`);
  const secrets = deploymentSecrets();
  const ports = await freePorts(count);
  const servers = ports.map((port) => appServer(port, { ...options, env: { ...secrets, ...options.env } }));
  const stop = async () => {
    await Promise.all(servers.map((server) => server.kill("SIGKILL")));
    for (const server of servers) rmSync(server.dataDir, { recursive: true, force: true });
  };
  try {
    await Promise.all(servers.map((server) => server.start()));
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, secrets, stop };
}

function appServer(port: number, options: AppServersOptions): AppServer {
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "quiz-app-server-"));
  let child: ChildProcess | undefined;
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  const exited = () => !child || child.exitCode !== null || child.signalCode !== null;

  const environment = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
    PORT: String(port),
    // The load balancer's address, the same on every server: tokens are issued for it.
    APP_URL: PUBLIC_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    DATABASE_AUTH_TOKEN: options.authToken,
    S3_BUCKET: "quiz-files",
    S3_ENDPOINT: options.bucket.endpoint,
    S3_ACCESS_KEY_ID: options.bucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: "stand-in-secret",
    S3_FORCE_PATH_STYLE: "true",
    SEED_DEMO: "false",
    ...options.env,
  };

  async function waitUntilServing(): Promise<void> {
    const giveUpAt = Date.now() + STARTUP_PATIENCE_MS;
    for (;;) {
      if (exited()) throw new Error(`The app server on ${port} stopped at start:\n${output}`);
      try {
        if ((await fetch(`${origin}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > giveUpAt) throw new Error(`The app server on ${port} did not answer within ${STARTUP_PATIENCE_MS} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  return {
    origin,
    dataDir,
    pid: () => child?.pid,
    output: () => output,
    async start() {
      if (!exited()) throw new Error(`The app server on ${port} is already running`);
      // detached: a process group of its own, as a server on its own machine.
      const command = [process.execPath, "--import", "tsx", "--import", RESOLVE_LOCALHOST_NAMES, ENTRY];
      // taskset execs node in its own place: the group leader is still the server.
      const [file, ...args] = options.cores ? ["taskset", "-c", options.cores, ...command] : command;
      child = spawn(file, args, { cwd: root, env: environment, detached: true, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout?.on("data", keep);
      child.stderr?.on("data", keep);
      await waitUntilServing();
    },
    async kill(signal = "SIGKILL") {
      const running = child;
      if (!running?.pid || exited()) return;
      const gone = new Promise((resolve) => running.once("exit", resolve));
      try {
        process.kill(-running.pid, signal);
      } catch {
        // already gone
      }
      await gone;
    },
  };
}

/** The files a server wrote into its own folder's `files` (none when the bucket holds them). */
export function localFilesOf(server: AppServer): string[] {
  const folder = path.join(server.dataDir, "files");
  return existsSync(folder) ? readdirSync(folder, { recursive: true }).map(String) : [];
}
