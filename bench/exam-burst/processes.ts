/**
 * Starting and stopping the servers under test, each in a process of its own on Node 22
 * from node_modules (the project's engine; the machine's own node is older).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { connect } from "node:net";
import path from "node:path";
import { newAgent, send } from "./http-client";

export const root = path.resolve(import.meta.dirname, "../..");

export interface Running {
  origin: URL;
  child: ChildProcess;
  log: string[];
}

/**
 * Starts `script` with tsx (as `npm start` does) and waits until `healthPath` answers 200.
 * `cores` pins it (and every thread and process it starts) to those CPUs with taskset.
 */
export async function startProcess(script: string, port: number, env: Record<string, string>, healthPath: string, nodeFlags: string[] = [], cores?: string, cwd = root): Promise<Running> {
  // A server left over from an interrupted run would answer the health check for this one.
  if (await portAnswers(port)) throw new Error(`something already listens on port ${port}: stop it, or pass --port`);
  // The build's own Node 22 (the reference build is another folder with its own node_modules).
  const command = [path.join(cwd, "node_modules/.bin/node"), "--import", "tsx", ...nodeFlags, script];
  const [file, ...args] = cores ? ["taskset", "-c", cores, ...command] : command;
  const child = spawn(file, args, {
    cwd,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    log.push(chunk.toString());
    if (log.length > 200) log.shift();
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const origin = new URL(`http://127.0.0.1:${port}`);
  const deadline = Date.now() + 60_000;
  const agent = newAgent();
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}):\n${log.join("")}`);
    const answer = await send(agent, origin, "GET", healthPath, undefined);
    if (answer.status === 200) return { origin, child, log };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`${script} did not answer ${healthPath} within 60 s:\n${log.join("")}`);
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** The product server as `npm start` runs it (server/node.ts, production) on a seeded DATA_DIR. */
export function startProductServer(options: { dataDir: string; port: number; pepper: string; env?: Record<string, string>; nodeFlags?: string[]; cores?: string; buildRoot?: string }): Promise<Running> {
  const { dataDir, port, pepper } = options;
  const env = {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PASSWORD_PEPPER: pepper,
    JWT_SECRET: options.env?.JWT_SECRET ?? randomBytes(32).toString("base64url"),
    APP_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "false",
    // The longest run outlasts the default 15-minute access token, and the benchmark's
    // students do not renew it as the exam page does (docs/performance.md): an hour covers every run.
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    ...options.env,
  };
  return startProcess("server/node.ts", port, env, "/api/health", options.nodeFlags, options.cores, options.buildRoot);
}

/** Pins this process (every thread it has and will start) to `cores`, as taskset does. */
export function pinThisProcess(cores: string): void {
  execFileSync("taskset", ["-a", "-p", "-c", cores, String(process.pid)], { stdio: "ignore" });
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process is gone. */
export async function stopProcess(running: Running): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** One process's CPU seconds so far (user + system, all its threads), from /proc/pid/stat. */
async function ownCpuSeconds(pid: number): Promise<{ cpu: number; ppid: number }> {
  const { readFile } = await import("node:fs/promises");
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // ppid, utime and stime are fields 4, 14 and 15 of /proc/pid/stat (here 1, 11 and 12 after the name).
  return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, ppid: Number(fields[1]) };
}

/**
 * CPU seconds so far of `pid` and each of its descendants (the server processes `npm start`
 * forks: server/cluster.node.ts), by pid. A process that has exited is no longer counted.
 */
export async function processTreeCpu(pid: number | undefined): Promise<Map<number, number>> {
  const tree = new Map<number, number>();
  if (!pid) return tree;
  const { readdir } = await import("node:fs/promises");
  const all = await Promise.all(
    (await readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(async (name) => ({ pid: Number(name), ...(await ownCpuSeconds(Number(name))) })),
  );
  const childrenOf = new Map<number, number[]>();
  for (const entry of all) childrenOf.set(entry.ppid, [...(childrenOf.get(entry.ppid) ?? []), entry.pid]);
  const cpuOf = new Map(all.map((entry) => [entry.pid, entry.cpu]));
  const visit = (id: number) => {
    if (!cpuOf.has(id)) return;
    tree.set(id, cpuOf.get(id)!);
    for (const child of childrenOf.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** The CPU seconds so far of the process and its descendants together: how much of the machine the server took. */
export async function cpuSeconds(pid: number | undefined): Promise<number> {
  const tree = await processTreeCpu(pid);
  return tree.size ? [...tree.values()].reduce((sum, cpu) => sum + cpu, 0) : NaN;
}

/**
 * The kernel's counts (machine-wide) of connections dropped because a listening socket's
 * accept queue was full (TcpExt ListenOverflows) and of connection requests sent again
 * (TCPSynRetrans). Each costs the client 1 s, then 2, 4, 8… s more: a burst of new
 * connections shows here before anywhere else.
 */
export async function tcpTrouble(): Promise<{ listenOverflows: number; synRetransmits: number }> {
  const { readFile } = await import("node:fs/promises");
  const lines = (await readFile("/proc/net/netstat", "utf8").catch(() => "")).split("\n");
  const names = lines.find((line) => line.startsWith("TcpExt:"))?.split(" ") ?? [];
  const values = lines.filter((line) => line.startsWith("TcpExt:"))[1]?.split(" ") ?? [];
  const read = (name: string) => (names.indexOf(name) > 0 ? Number(values[names.indexOf(name)]) : NaN);
  return { listenOverflows: read("ListenOverflows"), synRetransmits: read("TCPSynRetrans") };
}
