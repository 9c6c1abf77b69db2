/**
 * What SQLite's write lock costs when several server processes share the embedded file
 * (issue 19, docs/decisions/0053-every-core-on-node.md). `npm run bench:write-lock`
 * (not part of `npm test`).
 *
 * 1 or 2 writer processes on one fresh file with the product's client and settings
 * (db/client.ts, db/migrate.node.ts: WAL, synchronous=NORMAL, a pool of 8 connections). Each
 * runs "requests" at a fixed rate (open loop): some CPU work standing in for the rest of an
 * autosave (token, session, attempt and key reads; --work-ms, default 0.5), then the
 * autosave's write, one transaction with the attempt's guarded version bump and the answer's
 * upsert. Measured per process:
 *
 * - the write's latency from the call, p50 / p99 / max;
 * - the writes that met the other process's lock, and the time the event loop's thread
 *   slept inside writes, per second: a write's wall time less the thread's time on a CPU
 *   and waiting for one (/proc/thread-self/schedstat), so what a sleeping busy handler
 *   costs, whatever else runs on the machine;
 * - the event loop's delay (perf_hooks monitorEventLoopDelay, p99 / max).
 *
 * Each lock wait is run both ways: `sleep` (SQLite's busy handler, busy_timeout 5000: the
 * thread sleeps 1, 2, 5… ms) and `timers` (busy_timeout 0, tried again on timers:
 * db/write-lock.ts, what the product does).
 * Flags: --seconds S (5), --rates a,b (500,1000 requests/s per process), --work-ms W (0.5),
 * --dir D (where the database files go; default the temp folder. /dev/shm takes the disk's
 * fsyncs at checkpoints out of the figures, leaving the lock alone).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createClient, type Client } from "@libsql/client";
import { LOCAL_POOL_SIZE } from "../db/client";
import { installBusySettling } from "../db/busy-statements.node.ts";
import { installStatementCache } from "../db/statement-cache.node.ts";
import { waitForWriteLockOnTimers, WRITE_LOCK_PATIENCE_MS } from "../db/write-lock";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};

interface WriterResult {
  writes: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** Writes that met the other process's lock: slept in SQLite's handler (sleep), or got SQLITE_BUSY and tried again (timers). */
  lockWaits: number;
  /** ms per second the event loop's thread slept inside writes (SQLite's busy handler). */
  asleepMsPerS: number;
  loopDelayP99: number;
  loopDelayMax: number;
  cpuCoresUsed: number;
}

/** The calling thread's ns on a CPU and ns waiting for one, so far (Linux). */
function schedstat(): number {
  const [onCpu, waiting] = readFileSync("/proc/thread-self/schedstat", "utf8").split(" ").map(Number);
  return onCpu + waiting;
}

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/**
 * The product's client and connection settings (db/client.ts, db/migrate.node.ts), built
 * here so the bench can count the lock waits beneath the product's retry: `sleep` is
 * SQLite's busy handler (busy_timeout 5000, deferred batches: before issue 19), `timers`
 * what the product does now (busy_timeout 0, db/write-lock.ts).
 */
async function openClient(file: string, lockWait: "sleep" | "timers", onBusy: () => void): Promise<Client> {
  installBusySettling();
  installStatementCache();
  const busyTimeout = lockWait === "sleep" ? WRITE_LOCK_PATIENCE_MS : 0;
  const client = createClient({ url: `file:${file}`, timeout: busyTimeout, concurrency: LOCAL_POOL_SIZE });
  await client.execute("PRAGMA journal_mode=WAL");
  await Promise.all(Array.from({ length: LOCAL_POOL_SIZE }, () => client.executeMultiple(`PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=${busyTimeout};`)));
  if (lockWait === "sleep") return client;
  const batch = client.batch.bind(client);
  client.batch = async (...args: Parameters<Client["batch"]>) => {
    try {
      return await batch(...args);
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY") onBusy();
      throw error;
    }
  };
  return waitForWriteLockOnTimers(client);
}

/** One writer process: `rate` requests a second for `seconds`, each `workMs` of CPU and one write transaction. */
async function writer(file: string, lockWait: "sleep" | "timers", rate: number, seconds: number, workMs: number, attemptId: number): Promise<WriterResult> {
  let busy = 0;
  const client = await openClient(file, lockWait, () => busy++);
  const latencies: number[] = [];
  let failed = 0;
  let sleeps = 0;
  let asleepMs = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const total = Math.round(rate * seconds);
  const start = performance.now() + 20;
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  loop.enable();
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      const due = start + (i * 1000) / rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const spinUntil = performance.now() + workMs;
      while (performance.now() < spinUntil); // the rest of the request's CPU
      const called = performance.now();
      const scheduled = schedstat();
      try {
        await client.batch([
          { sql: "update attempts set version = version + 1 where id = ? and deadline_at > ?", args: [attemptId, Date.now()] },
          {
            sql: "insert into answers (attempt_id, question_id, answer, saved_at) values (?, ?, ?, ?) on conflict (attempt_id, question_id) do update set answer = excluded.answer, saved_at = excluded.saved_at",
            args: [attemptId, i % 50, JSON.stringify([i]), Date.now()],
          },
        ]);
        const took = performance.now() - called;
        latencies.push(took);
        if (lockWait === "sleep") {
          // The call runs synchronously: whatever of it the thread spent neither on a CPU nor waiting for one, it slept.
          const slept = took - (schedstat() - scheduled) / 1e6;
          if (slept > 0.3) {
            sleeps++;
            asleepMs += slept;
          }
        }
      } catch {
        failed++;
      }
    }),
  );
  loop.disable();
  const wallMs = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  latencies.sort((a, b) => a - b);
  client.close();
  return {
    writes: latencies.length,
    failed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    lockWaits: lockWait === "sleep" ? sleeps : busy,
    asleepMsPerS: (asleepMs / wallMs) * 1000,
    loopDelayP99: loop.percentile(99) / 1e6,
    loopDelayMax: loop.max / 1e6,
    cpuCoresUsed: (cpu.user + cpu.system) / 1000 / wallMs,
  };
}

function runWriter(file: string, lockWait: string, rate: number, seconds: number, workMs: number, attemptId: number): Promise<WriterResult> {
  const child = spawn(process.execPath, [...process.execArgv, import.meta.filename, "--writer", file, lockWait, String(rate), String(seconds), String(workMs), String(attemptId)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out) as WriterResult) : reject(new Error(`writer exited ${code}`)))),
  );
}

async function main() {
  const seconds = Number(option("seconds", "5"));
  const rates = option("rates", "500,1000").split(",").map(Number);
  const workMs = Number(option("work-ms", "0.5"));
  const dir = await mkdtemp(path.join(option("dir", os.tmpdir()), "write-lock-"));
  console.log(`write lock: ${os.cpus()[0]?.model ?? "?"} × ${os.cpus().length}, node ${process.version}, load ${os.loadavg().map((v) => v.toFixed(2)).join(" ")}, ${new Date().toISOString()}`);
  console.log(`${seconds} s per run, ${workMs} ms of CPU per request besides its write, files in ${dir}\n`);
  console.log("| lock wait | processes | requests/s each | writes done | write p50 / p99 / max (from the call) | writes that met the lock | event loop asleep in writes | event-loop delay p99 / max | CPU per process |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  try {
    let run = 0;
    for (const rate of rates) {
      for (const processes of [1, 2]) {
        for (const lockWait of ["sleep", "timers"] as const) {
          const file = path.join(dir, `run-${run++}.db`);
          const setup = await openClient(file, "sleep", () => undefined);
          await setup.executeMultiple(`
            create table attempts (id integer primary key, version integer not null, deadline_at integer not null);
            create table answers (attempt_id integer not null, question_id integer not null, answer text not null, saved_at integer not null, primary key (attempt_id, question_id));
            insert into attempts values (1, 0, ${Date.now() + 3_600_000}), (2, 0, ${Date.now() + 3_600_000});`);
          setup.close();
          const results = await Promise.all(Array.from({ length: processes }, (_, p) => runWriter(file, lockWait, rate, seconds, workMs, p + 1)));
          const fmt = (pick: (r: WriterResult) => number, digits = 1) => results.map((r) => pick(r).toFixed(digits)).join(" · ");
          console.log(
            `| ${lockWait} | ${processes} | ${rate} | ${results.reduce((sum, r) => sum + r.writes, 0)}${results.some((r) => r.failed) ? ` (${results.reduce((s, r) => s + r.failed, 0)} failed)` : ""} | ${fmt((r) => r.p50, 2)} / ${fmt((r) => r.p99)} / ${fmt((r) => r.max)} ms | ${fmt((r) => r.lockWaits, 0)} | ${fmt((r) => r.asleepMsPerS)} ms/s | ${fmt((r) => r.loopDelayP99)} / ${fmt((r) => r.loopDelayMax)} ms | ${fmt((r) => r.cpuCoresUsed, 2)} cores |`,
          );
        }
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (args[0] === "--writer") {
  const [, file, lockWait, rate, seconds, workMs, attemptId] = args;
  const result = await writer(file, lockWait as "sleep" | "timers", Number(rate), Number(seconds), Number(workMs), Number(attemptId));
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
} else {
  await main();
}
