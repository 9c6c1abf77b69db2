/**
 * The Deno entry against the Node entry on the same build (docs/decisions/0051-deno-runtime.md):
 * for each runtime, a fresh data folder, then
 *
 * 1. start: from spawning the server to its first 200 on /api/health, first start (migrations
 *    and the demo seed, one password hash) and second start (the database already there);
 * 2. latency of three requests, one at a time (REQUESTS each, after 50 to warm up): the health
 *    check, a signed-in API read (GET /api/auth/me: token check and session lookup), and the
 *    login page rendered by React Router;
 * 3. throughput of the signed-in read with CONCURRENCY requests in flight for SECONDS;
 * 4. the health check's latency while 20 sign-ins (20 password hashes) arrive at once: a hash
 *    computed on the serving loop shows up here in full.
 *
 *   npm run build && npm run bench:deno
 *   RUNTIMES=deno,node REQUESTS=500 CONCURRENCY=32 SECONDS=5 BENCH_PORT=4361 npm run bench:deno
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const env = process.env;
const REQUESTS = Number(env.REQUESTS ?? 300);
const CONCURRENCY = Number(env.CONCURRENCY ?? 16);
const SECONDS = Number(env.SECONDS ?? 5);
const PORT = Number(env.BENCH_PORT ?? 4361);
const dataDir = path.join(root, ".bench-deno-data");

const runtimes: Record<string, string[]> = {
  node: [path.join(root, "node_modules/.bin/node"), "--import", "tsx", "server/node.ts"],
  deno: [path.join(root, "node_modules/.bin/deno"), "run", "--allow-env", "--allow-net", "--allow-read", "--allow-write", "--allow-sys", "--allow-ffi", "server/deno.ts"],
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function start(command: string[]): Promise<{ child: ChildProcess; startMs: number }> {
  const began = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...env, NODE_ENV: "production", PORT: String(PORT), DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${PORT}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return { child, startMs: performance.now() - began };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function timeOne(url: string, init: RequestInit): Promise<number> {
  const began = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - began;
}

async function latency(url: string, init: RequestInit = {}): Promise<string> {
  for (let i = 0; i < 50; i++) await timeOne(url, init);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await timeOne(url, init));
  return `median ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}`;
}

async function throughput(url: string, init: RequestInit): Promise<string> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await timeOne(url, init);
        done++;
      }
    }),
  );
  return `${Math.round(done / SECONDS)} requests/s`;
}

async function duringSignIns(signIn: () => Promise<unknown>): Promise<string> {
  let stopped = false;
  const times: number[] = [];
  const probe = (async () => {
    while (!stopped) {
      times.push(await timeOne(`${base}/api/health`, {}));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const began = performance.now();
  await Promise.all(Array.from({ length: 20 }, signIn));
  const took = performance.now() - began;
  stopped = true;
  await probe;
  return `20 sign-ins in ${Math.round(took)} ms; /api/health meanwhile: median ${ms(percentile(times, 50))}, max ${ms(percentile(times, 100))}`;
}

const base = `http://127.0.0.1:${PORT}`;
for (const name of (env.RUNTIMES ?? "node,deno").split(",")) {
  const command = runtimes[name];
  rmSync(dataDir, { recursive: true, force: true });
  const first = await start(command);
  await stop(first.child);
  const { child, startMs } = await start(command);
  try {
    const signIn = () => fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "teacher@demo.quiz", password: "Demo1234!" }) });
    const { accessToken } = (await (await signIn()).json()) as { accessToken: string };
    const signedIn = { headers: { authorization: `Bearer ${accessToken}` } };
    console.log(`${name}: first start ${Math.round(first.startMs)} ms (migrations + demo seed), second start ${Math.round(startMs)} ms`);
    console.log(`  GET /api/health      ${await latency(`${base}/api/health`)}`);
    console.log(`  GET /api/auth/me     ${await latency(`${base}/api/auth/me`, signedIn)}`);
    console.log(`  GET /quiz/auth/login ${await latency(`${base}/quiz/auth/login`)}`);
    console.log(`  GET /api/auth/me × ${CONCURRENCY} in flight: ${await throughput(`${base}/api/auth/me`, signedIn)}`);
    console.log(`  ${await duringSignIns(() => signIn().then((response) => response.arrayBuffer()))}`);
  } finally {
    await stop(child);
  }
}
rmSync(dataDir, { recursive: true, force: true });
