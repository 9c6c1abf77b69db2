/**
 * Password hashing and the event loop (issue 8 item 9; docs/decisions/0021). Two parts:
 *
 * 1. Cost of one argon2id at the stored cost (m = 19 MiB, t = 2, p = 1) for each
 *    implementation: pure JS (@noble/hashes, the previous one), the WASM build on the main
 *    thread, and the WASM build in a pool of worker threads. With each: how long the event
 *    loop was held (the longest stall a 1 ms timer saw) and, for the pool, hashes per second.
 * 2. Sign-ins through the real `/api` app (POST /auth/login: the account read, the hash
 *    check, the session rows) on the embedded libSQL file, while light authenticated requests
 *    (GET /auth/me, a session lookup: what an autosave costs outside its insert) keep coming
 *    at OTHER_RATE a second. Two loads: STEADY (1,000 sign-ins a minute, the rate)
 *    and BURST (a class of BURST signing in at the same moment). Latencies are measured from
 *    the moment each request was due, not from when a held event loop got round to sending
 *    it, so a blocked loop shows up in full.
 *
 *   npm run bench:password
 *   MODES=pure-js,wasm,pool-1,pool-2 SECONDS=15 RATE=16.7 BURST=100 OTHER_RATE=100 npm run bench:password
 */
import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { createApi } from "../api/app";
import { readConfig } from "../api/services/core/config";
import type { AppServices } from "../api/services/core/app-services";
import { pureJsArgon2id } from "../api/services/auth/argon2id";
import { type Argon2id } from "../api/services/core/password-hashing";
import { CLIENT_ADDRESS_HEADER } from "../api/services/auth/client-address";
import { hashPassword, installArgon2id } from "../api/services/auth/password";
import { signAccessToken } from "../api/services/auth/access-token";
import { startSession } from "../api/services/auth/sessions";
import { createOutboxMailer } from "../api/adapters/mailer-outbox";
import { createDiskBlobStore } from "../api/adapters/blob-store-disk.node.ts";
import { createTenant, createTestDb, createUser } from "../api/test-support/factories.node.ts";
import { loadWasmArgon2id } from "../server/argon2id.node.ts";
import { startArgon2idPool, type Argon2idPool } from "../server/argon2id-pool.node.ts";

const env = process.env;
const MODES = (env.MODES ?? "pure-js,wasm,pool-1,pool-2").split(",");
const SECONDS = Number(env.SECONDS ?? 15);
const RATE = Number(env.RATE ?? 1000 / 60);
const BURST = Number(env.BURST ?? 100);
const OTHER_RATE = Number(env.OTHER_RATE ?? 100);
const STUDENTS = 200;
const PASSWORD = "Bench-password-2026";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
};
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

/** The longest stall of the event loop while `work` runs, from a 1 ms-resolution histogram. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await work();
  histogram.disable();
  return histogram.max / 1e6;
}

async function implementations(): Promise<Record<string, { argon2id: Argon2id; close?: () => Promise<void> }>> {
  const all: Record<string, { argon2id: Argon2id; close?: () => Promise<void> }> = {};
  for (const mode of MODES) {
    if (mode === "pure-js") all[mode] = { argon2id: pureJsArgon2id };
    else if (mode === "wasm") all[mode] = { argon2id: await loadWasmArgon2id() };
    else if (mode.startsWith("pool-")) {
      const pool: Argon2idPool = startArgon2idPool(Number(mode.slice(5)));
      all[mode] = { argon2id: pool.argon2id, close: pool.close };
    } else throw new Error(`unknown mode ${mode}`);
  }
  return all;
}

async function costPerHash(name: string, argon2id: Argon2id) {
  const input = (i: number) => ({ password: new TextEncoder().encode(`${PASSWORD}${i}`), salt: new Uint8Array(16).fill(i), m: 19456, t: 2, p: 1, dkLen: 32 });
  await argon2id(input(0)); // warm up (a pool's threads load their WASM)
  const times: number[] = [];
  const stall = await longestStall(async () => {
    for (let i = 1; i <= 10; i++) {
      const start = performance.now();
      await argon2id(input(i));
      times.push(performance.now() - start);
      // A turn of the event loop between hashes, so the monitor sees each stall on its own.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  });
  let throughput = "";
  if (name.startsWith("pool-")) {
    const start = performance.now();
    await Promise.all(Array.from({ length: 40 }, (_, i) => argon2id(input(100 + i))));
    throughput = `, ${(40 / ((performance.now() - start) / 1000)).toFixed(1)} hashes/s with 40 at once`;
  }
  console.log(`  ${name.padEnd(8)} ${ms(percentile(times, 50))} per hash (one at a time), event loop held up to ${ms(stall)}${throughput}`);
}

interface LoadResult {
  signIn: number[];
  other: number[];
  failures: number;
  stall: number;
}

/** Fires `count` requests due every `interval` ms from `start`; latency counts from when each was due. */
function scheduled(count: number, interval: number, start: number, send: (i: number) => Promise<boolean>, into: number[], fail: () => void) {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const due = start + i * interval;
      return new Promise<void>((resolve) => {
        setTimeout(async () => {
          if (!(await send(i))) fail();
          into.push(performance.now() - due);
          resolve();
        }, Math.max(0, due - performance.now()));
      });
    }),
  );
}

async function main() {
  const dir = await import("node:fs/promises").then((fs) => fs.mkdtemp(`${os.tmpdir()}/bench-password-`));
  const db = await createTestDb();
  const config = readConfig({ JWT_SECRET: "p".repeat(32) });
  const services: AppServices = { db, config, now: () => new Date(), blobs: createDiskBlobStore(dir), mailer: createOutboxMailer(db, config.mailFrom, () => new Date()) };
  const tenant = await createTenant(db, "Bench School");
  installArgon2id(await loadWasmArgon2id());
  const passwordHash = await hashPassword(PASSWORD, config.passwordPepper);
  const students: { email: string }[] = [];
  for (let i = 0; i < STUDENTS; i++) students.push(await createUser(db, { businessId: tenant.business.id, userType: "Student", passwordHash }));
  const api = createApi(services);
  const teacher = tenant.teacher;
  const session = await startSession(services, teacher.id, { userAgent: "bench" });
  const caller = { userId: teacher.id, businessId: teacher.businessId, userType: teacher.userType, profile: teacher.profile, roleLevel: teacher.roleLevel };
  const auth = { authorization: `Bearer ${await signAccessToken(services, caller, session.id)}` };
  let address = 0;
  const signIn = async (i: number) => {
    const student = students[i % STUDENTS];
    const response = await api.request("/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", [CLIENT_ADDRESS_HEADER]: `10.9.${(++address >> 8) & 255}.${address & 255}` },
      body: JSON.stringify({ email: student.email, password: PASSWORD }),
    });
    await response.arrayBuffer();
    return response.status === 200;
  };
  const other = async () => {
    const response = await api.request("/auth/me", { headers: auth });
    await response.arrayBuffer();
    return response.status === 200;
  };

  const load = cpuLoad();
  console.log(`machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, node ${process.version}, load ${load}, ${new Date().toISOString()}`);
  console.log("\n1. One argon2id at m=19456 KiB, t=2, p=1");
  const impls = await implementations();
  for (const [name, impl] of Object.entries(impls)) await costPerHash(name, impl.argon2id);

  const runs: [string, (into: LoadResult) => Promise<void>][] = [
    [
      `STEADY: ${(RATE * 60).toFixed(0)} sign-ins a minute for ${SECONDS} s`,
      async (r) => {
        const start = performance.now() + 20;
        await Promise.all([
          scheduled(Math.round(RATE * SECONDS), 1000 / RATE, start, signIn, r.signIn, () => r.failures++),
          scheduled(Math.round(OTHER_RATE * SECONDS), 1000 / OTHER_RATE, start, other, r.other, () => r.failures++),
        ]);
      },
    ],
    [
      `BURST: ${BURST} sign-ins at once`,
      async (r) => {
        const start = performance.now() + 20;
        let done = false;
        const burst = scheduled(BURST, 0, start, signIn, r.signIn, () => r.failures++).then(() => (done = true));
        // Other requests keep coming until the last sign-in is answered.
        const others: Promise<void>[] = [];
        for (let i = 0; !done; i++) {
          const due = start + (i * 1000) / OTHER_RATE;
          others.push(scheduled(1, 0, due, other, r.other, () => r.failures++).then(() => undefined));
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, due + 1000 / OTHER_RATE - performance.now())));
        }
        await Promise.all([burst, ...others]);
      },
    ],
  ];
  for (const [title, run] of runs) {
    console.log(`\n2. ${title}, GET /auth/me at ${OTHER_RATE}/s alongside (p50 / p99 / max, from when due)`);
    if (title.startsWith("STEADY")) {
      // The floor: the same light requests with nobody signing in.
      const alone: number[] = [];
      let failures = 0;
      const stall = await longestStall(() => scheduled(Math.round(OTHER_RATE * 5), 1000 / OTHER_RATE, performance.now() + 20, other, alone, () => failures++));
      console.log(`  ${"none".padEnd(8)} (no sign-ins, 5 s) other ${ms(percentile(alone, 50))} / ${ms(percentile(alone, 99))} / ${ms(Math.max(...alone))}; event loop held up to ${ms(stall)}; failures ${failures}`);
    }
    for (const [name, impl] of Object.entries(impls)) {
      installArgon2id(impl.argon2id);
      const result: LoadResult = { signIn: [], other: [], failures: 0, stall: 0 };
      result.stall = await longestStall(() => run(result));
      const line = (values: number[]) => `${ms(percentile(values, 50))} / ${ms(percentile(values, 99))} / ${ms(Math.max(...values))}`;
      console.log(
        `  ${name.padEnd(8)} sign-in ${line(result.signIn)}; other ${line(result.other)}; event loop held up to ${ms(result.stall)}; failures ${result.failures}`,
      );
    }
  }
  for (const impl of Object.values(impls)) await impl.close?.();
  installArgon2id(pureJsArgon2id);
}

function cpuLoad(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
